/**
 * A2UI surfaces (issue 36): a 200-component surface drawn by the card the
 * chat uses (`<pageloop-a2ui-surface>`: the check against the catalog, the
 * official message processor and Lit renderer, our catalog's components),
 * beside the same 200 components drawn directly as one plain Lit template.
 *
 * The surface: a title and 33 rows under a column, each row a text bound
 * to the data model (`/rows/i/value`), a text field bound to the same
 * value, a checkbox bound to `/rows/i/done`, and a button with its label —
 * 1 + 1 + 33 × 6 = 200 components, 33 × 3 bindings.
 *
 * - `a2ui.first_render_200_ms_p50`: from the messages handed to a new card in
 *   the page until every Lit element in it has updated and the page's layout
 *   is done (a rect read forces it). Baseline
 *   `a2ui.baseline_first_render_200_ms_p50`: the same rows, fields and
 *   buttons rendered by one Lit template into a new element, laid out the same way.
 * - `a2ui.update_one_ms_p50`: one bound value changed as an agent changes
 *   it (the card's messages gain an `updateDataModel` of `/rows/17/value`, as
 *   an AG-UI delta or a later call brings), until the bound text shows it and
 *   layout is done — the card checks the whole list again before it draws.
 *   Baseline `a2ui.baseline_update_one_ms_p50`: the template rendered again
 *   with that one value changed (Lit updates the one text), laid out.
 * - `a2ui.check_200_ms_p50`: the part of that spent in the check alone
 *   (`checkA2ui` over the messages and the update), for reading the two above.
 *
 * Everything measured runs on the main thread within the task it starts in
 * (Lit's updates are microtasks): the bench checks it (a task queued at the
 * start must not have run before the end) and fails rather than report idle
 * time as work. Medians of `runs` runs, each after a task boundary.
 */
import { LitElement, html, render } from 'lit';
import { BASIC_CATALOG_ID, catalogSet, checkA2ui } from '../src/page/a2ui/a2ui.js';
import type { A2uiSurfaceCard } from '../components/a2ui/a2ui-surface-card.js';
import { median, nextTask } from './lib/stats.js';

export interface A2uiBenchOptions {
  runs: number;
}

const ROWS = 33;
const CHANGED = 17;

interface Row {
  value: string;
  done: boolean;
}

function rows(): Row[] {
  return Array.from({ length: ROWS }, (_, i) => ({ value: `value ${i}`, done: i % 2 === 0 }));
}

/** The surface's messages: created, its 200 components, its data model. */
function surfaceMessages(): unknown[] {
  const components: unknown[] = [
    { id: 'root', component: 'Column', children: ['title', ...Array.from({ length: ROWS }, (_, i) => `row${i}`)] },
    { id: 'title', component: 'Text', text: 'Two hundred components', variant: 'h2' },
  ];
  for (let i = 0; i < ROWS; i++) {
    components.push(
      { id: `row${i}`, component: 'Row', children: [`value${i}`, `field${i}`, `done${i}`, `go${i}`] },
      { id: `value${i}`, component: 'Text', text: { path: `/rows/${i}/value` } },
      { id: `field${i}`, component: 'TextField', label: `Value ${i}`, value: { path: `/rows/${i}/value` } },
      { id: `done${i}`, component: 'CheckBox', label: `Done ${i}`, value: { path: `/rows/${i}/done` } },
      { id: `go${i}`, component: 'Button', child: `golabel${i}`, action: { event: { name: 'open', context: { row: i } } } },
      { id: `golabel${i}`, component: 'Text', text: 'Open' },
    );
  }
  if (components.length !== 200) throw new Error(`the surface has ${components.length} components, not 200`);
  return [
    { version: 'v0.9', createSurface: { surfaceId: 'bench', catalogId: BASIC_CATALOG_ID } },
    { version: 'v0.9', updateComponents: { surfaceId: 'bench', components } },
    { version: 'v0.9', updateDataModel: { surfaceId: 'bench', path: '/', value: { rows: rows() } } },
  ];
}

/** The same components as one plain Lit template. */
function template(data: Row[]) {
  return html`<div class="column">
    <h2>Two hundred components</h2>
    ${data.map(
      (row, i) => html`<div class="row">
        <span>${row.value}</span>
        <label>Value ${i} <input .value=${row.value} @input=${(e: Event) => (row.value = (e.target as HTMLInputElement).value)} /></label>
        <label><input type="checkbox" .checked=${row.done} /> Done ${i}</label>
        <button @click=${() => {}}><span>Open</span></button>
      </div>`,
    )}
  </div>`;
}

/** Every Lit element under `root`, through shadow roots. */
function litElements(root: Element | ShadowRoot, into: LitElement[] = []): LitElement[] {
  for (const el of root.querySelectorAll('*')) {
    if (el instanceof LitElement) into.push(el);
    if (el.shadowRoot) litElements(el.shadowRoot, into);
  }
  return into;
}

/** Waits (in microtasks) until no Lit element in the card has an update pending, rounds at most. */
async function settled(card: A2uiSurfaceCard): Promise<void> {
  for (let round = 0; round < 50; round++) {
    await card.updateComplete;
    const pending = litElements(card.shadowRoot!).filter((el) => el.isUpdatePending);
    if (pending.length === 0) return;
    await Promise.all(pending.map((el) => el.updateComplete));
  }
  throw new Error('the surface kept updating');
}

/** The text of every element under `root`, through shadow roots. */
function shownTexts(root: Element | ShadowRoot, into: string[] = []): string[] {
  for (const el of root.querySelectorAll('*')) {
    if (el.children.length === 0 && el.textContent) into.push(el.textContent.trim());
    if (el.shadowRoot) shownTexts(el.shadowRoot, into);
  }
  return into;
}

/** Times `work` from now to its end, failing when a task ran in between (then the time would not all be main-thread work). */
async function timed(work: () => Promise<void> | void): Promise<number> {
  let between = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => (between = true);
  const t0 = performance.now();
  channel.port2.postMessage(null);
  await work();
  const ms = performance.now() - t0;
  channel.port1.close();
  if (between) throw new Error('a task ran while the surface was drawn: the figure would include idle time');
  return ms;
}

export async function runA2uiBench(options: A2uiBenchOptions): Promise<Record<string, number>> {
  await import('../components/a2ui/a2ui-surface-card.js');
  const messages = surfaceMessages();
  const update = { version: 'v0.9', updateDataModel: { surfaceId: 'bench', path: `/rows/${CHANGED}/value`, value: 'changed' } };
  const host = document.createElement('div');
  document.body.append(host);

  const drawCard = async (): Promise<A2uiSurfaceCard> => {
    const card = document.createElement('pageloop-a2ui-surface');
    card.messages = messages;
    host.append(card);
    await settled(card);
    card.getBoundingClientRect();
    return card;
  };
  // Warm: the renderer's modules, the catalog's schemas and the elements' styles in.
  const warm = await drawCard();
  const texts = shownTexts(warm.shadowRoot!);
  if (!texts.includes('value 5') || !texts.includes('Two hundred components')) throw new Error(`the surface did not draw (${texts.length} texts)`);
  warm.remove();

  const first: number[] = [];
  const baselineFirst: number[] = [];
  const updates: number[] = [];
  const baselineUpdates: number[] = [];
  const checks: number[] = [];
  for (let r = 0; r < options.runs; r++) {
    await nextTask();
    checks.push(await timed(() => void checkA2ui([...messages, update], catalogSet(undefined))));
    await nextTask();
    let card: A2uiSurfaceCard | undefined;
    first.push(await timed(async () => void (card = await drawCard())));
    await nextTask();
    updates.push(
      await timed(async () => {
        card!.messages = [...messages, update];
        await settled(card!);
        card!.getBoundingClientRect();
      }),
    );
    if (!shownTexts(card!.shadowRoot!).includes('changed')) throw new Error('the bound value did not change');
    card!.remove();

    // Baseline: the same components as one Lit template, in a new element.
    await nextTask();
    const data = rows();
    const box = document.createElement('div');
    baselineFirst.push(
      await timed(() => {
        host.append(box);
        render(template(data), box);
        box.getBoundingClientRect();
      }),
    );
    await nextTask();
    baselineUpdates.push(
      await timed(() => {
        data[CHANGED] = { ...data[CHANGED]!, value: 'changed' };
        render(template(data), box);
        box.getBoundingClientRect();
      }),
    );
    if (!box.textContent?.includes('changed')) throw new Error('the baseline did not change');
    box.remove();
  }
  host.remove();
  const out = {
    'a2ui.first_render_200_ms_p50': median(first),
    'a2ui.baseline_first_render_200_ms_p50': median(baselineFirst),
    'a2ui.update_one_ms_p50': median(updates),
    'a2ui.baseline_update_one_ms_p50': median(baselineUpdates),
    'a2ui.check_200_ms_p50': median(checks),
  };
  return { ...out, 'a2ui.first_render_ratio': out['a2ui.first_render_200_ms_p50'] / out['a2ui.baseline_first_render_200_ms_p50'], 'a2ui.update_one_ratio': out['a2ui.update_one_ms_p50'] / out['a2ui.baseline_update_one_ms_p50'] };
}
