/**
 * The demo's generative UI: a tool that draws its result as the page's own
 * chart (rendered in its card, styled by demo.css), and a tool that waits
 * for the user — a delivery slot picked from the ones the model proposed.
 */
import { html } from 'lit';
import { z } from 'zod';
import { defineTool } from '../src/tools/define-tool.js';
import type { Tool } from '../src/types.js';
import { ORDER_STATUSES, type OrderStore } from './data.js';

/** The rendered tool and the render-and-wait tool of the dashboard. */
export function generativeTools(store: OrderStore): Tool[] {
  const chart = defineTool({
    name: 'show_status_chart',
    description: 'Show the user a bar chart of how many orders are in each status (drawn in the chat). Returns the counts.',
    parameters: z.object({ title: z.string().describe('A short title for the chart') }),
    execute: () => Object.fromEntries(ORDER_STATUSES.map((s) => [s, store.orders.filter((o) => o.status === s).length])),
    render: ({ args, result, status }) => {
      const counts = (result ?? {}) as Record<string, number>;
      const max = Math.max(1, ...Object.values(counts));
      return html`<figure class="status-chart" aria-busy=${status === 'done' ? 'false' : 'true'}>
        <figcaption>${args?.title ?? 'Orders by status'}</figcaption>
        ${result
          ? ORDER_STATUSES.map((s) => html`<div class="bar-row"><span>${s}</span><span class="bar" style="--share:${(counts[s] ?? 0) / max}"></span><b>${counts[s] ?? 0}</b></div>`)
          : html`<p class="muted">Counting…</p>`}
      </figure>`;
    },
  });

  const schedule = defineTool({
    name: 'schedule_delivery',
    description: 'Ask the user to pick a delivery slot for an order, among the slots you propose. The result is the slot they picked.',
    parameters: z.object({
      orderId: z.number().int().describe('The order id'),
      slots: z.array(z.string()).min(1).describe('Slots to offer, e.g. "Tue 2 Dec, 9:00–12:00"'),
    }),
    result: z.object({ slot: z.string() }),
    render: ({ args, respond, status, result }) => {
      const picked = (result as { slot?: string } | undefined)?.slot;
      return html`<fieldset class="slot-picker">
        <legend>Delivery slot for order #${args?.orderId ?? '…'}</legend>
        ${(args?.slots ?? []).map(
          (slot) => html`<button type="button" class=${slot === picked ? 'slot picked' : 'slot'} aria-pressed=${String(slot === picked)}
            ?disabled=${!respond} @click=${() => void respond?.({ slot })}>${slot}</button>`,
        )}
        <p class="muted slot-note">${respond ? 'Pick one: the assistant waits for your answer.' : status === 'awaiting-input' ? 'Waiting for an answer in the tab that writes this conversation.' : picked ? `Picked: ${picked}` : ''}</p>
      </fieldset>`;
    },
  });

  return [chart, schedule];
}
