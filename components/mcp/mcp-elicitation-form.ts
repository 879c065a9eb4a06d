/**
 * The panels of an MCP server's questions to the user (elicitation, form
 * mode), loaded with the first question (mcp-elicitation.ts keeps them): the
 * server's name and message (as text: it is the server's, untrusted), one
 * input per field (a select for a single choice, a group of checkboxes for a
 * multiple choice, a checkbox, a number, an email, URL, date, date-and-time or
 * text input, pre-filled with the field's default) and Accept, Decline and
 * Cancel (part `mcp-elicitation-button`, `data-action`), in a form (part
 * `mcp-elicitation`) above the composer; and the notices of questions declined
 * because no form can show them (`data-declined`, with the reason and Dismiss).
 * Its styles are adopted when it loads.
 *
 * Invariant: every value Accept sends is one the user sees in the form (a
 * checkbox's false included); nothing is drawn for which no value is sent.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { McpElicitation, McpElicitationField } from '../../src/types.js';
import type { McpWords } from './mcp-words.js';

export type Value = string | number | boolean | string[];

/** A question declined because no form can show it, kept until the user dismisses it. */
export interface Declined {
  server: string;
  message: string;
  reason: string;
}

/** An open question and what the user has filled in so far. */
export interface Open {
  request: McpElicitation;
  values: Record<string, Value | undefined>;
  error?: string;
}

/** What a panel calls back. */
export interface ElicitationHandlers {
  answer(open: Open, action: 'accept' | 'decline' | 'cancel'): void;
  set(open: Open, name: string, value: Value | undefined): void;
  dismiss(declined: Declined): void;
}

/** Its styles, adopted by the panel (mcp-elicitation.ts) when this module loads. */
export const styles = css`
  /* Taller than the element can hold, the form scrolls inside; its Accept, Decline and Cancel stay in view (issue 37). */
  .mcp-elicitation { margin: 0 12px 8px; flex: 0 1 auto; min-height: 0; max-height: 70%; overflow-y: auto; overscroll-behavior: contain; padding-bottom: 0; }
  .mcp-elicitation .approval-actions { position: sticky; bottom: 0; padding: 6px 0 8px; background: var(--agent-chat-warning-bg); }
  .mcp-elicitation-field { display: block; margin: 6px 0 2px; }
  .mcp-elicitation-hint { display: block; color: var(--agent-chat-muted); }
  .mcp-elicitation-choices { border: 0; padding: 0; margin: 6px 0 4px; }
  .mcp-elicitation-choices legend { padding: 0; }
  .mcp-elicitation-choices label { display: block; }
  .mcp-elicitation :is(input:not([type='checkbox']), select) {
    width: 100%; box-sizing: border-box; font: inherit; color: var(--agent-chat-fg); background: var(--agent-chat-bg);
    border: 1px solid var(--agent-chat-border); border-radius: 6px; padding: 4px 6px; margin-bottom: 4px;
  }
`;

/** The open questions' panels. */
export function renderQuestions(open: Open[], declined: Declined[], on: ElicitationHandlers, w: McpWords): TemplateResult {
  return html`${declined.map((d) => notice(d, on, w))}${open.map((o) => panel(o, on, w))}`;
}

function notice(declined: Declined, on: ElicitationHandlers, w: McpWords): TemplateResult {
  return html`<div part="mcp-elicitation" class="approval mcp-elicitation" role="status" data-declined>
    <p class="approval-label">${asks(w.mcpAsked, declined.server)} ${declined.message}</p>
    <p class="args-error">${declined.reason}</p>
    <div class="approval-actions">
      <button part="mcp-elicitation-button" data-action="dismiss" type="button" @click=${() => on.dismiss(declined)}>${w.mcpDismiss}</button>
    </div>
  </div>`;
}

/** `words` with its `{server}` as the server's name in bold (the server's name is its own, in any language). */
function asks(words: string, server: string): TemplateResult {
  const [before = '', after = ''] = words.split('{server}');
  return html`${before}<strong>${server}</strong>${after}`;
}

function panel(open: Open, on: ElicitationHandlers, w: McpWords): TemplateResult {
  const { request } = open;
  const labelId = `elicit-label-${request.id}`;
  return html`<form part="mcp-elicitation" class="approval mcp-elicitation" aria-labelledby=${labelId} data-id=${request.id}
      @submit=${(e: Event) => (e.preventDefault(), on.answer(open, 'accept'))}>
    <p id=${labelId} class="approval-label">${asks(w.mcpAsks, request.server)} ${request.message}</p>
    ${Object.entries(request.fields).map(([name, f]) => field(open, name, f, on, w))}
    ${open.error ? html`<p class="args-error" role="alert">${open.error}</p>` : nothing}
    <div class="approval-actions">
      <button part="mcp-elicitation-button" data-action="accept" class="primary" type="submit">${w.mcpAccept}</button>
      <button part="mcp-elicitation-button" data-action="decline" type="button" @click=${() => on.answer(open, 'decline')}>${w.mcpDecline}</button>
      <button part="mcp-elicitation-button" data-action="cancel" type="button" @click=${() => on.answer(open, 'cancel')}>${w.mcpCancel}</button>
    </div>
  </form>`;
}

function field(open: Open, name: string, field: McpElicitationField, on: ElicitationHandlers, w: McpWords): TemplateResult {
  const id = `elicit-${open.request.id}-${name}`;
  const required = open.request.required.includes(name);
  const value = open.values[name];
  const label = html`${field.title ?? name}${required ? html`<span aria-hidden="true"> *</span>` : nothing}`;
  const hint = field.description ? html`<small class="mcp-elicitation-hint">${field.description}</small>` : nothing;
  if (field.type === 'boolean') {
    return html`<label class="mcp-elicitation-field mcp-elicitation-check"><input id=${id} name=${name} type="checkbox" .checked=${value === true}
      @change=${(e: Event) => on.set(open, name, (e.target as HTMLInputElement).checked)} /> ${label} ${hint}</label>`;
  }
  if (field.type === 'array') {
    const chosen = Array.isArray(value) ? value : [];
    const bounds = field.minItems !== undefined || field.maxItems !== undefined ? html`<small class="mcp-elicitation-hint">${countHint(field.minItems, field.maxItems, w)}</small>` : nothing;
    return html`<fieldset id=${id} class="mcp-elicitation-choices" data-name=${name}>
      <legend class="mcp-elicitation-field">${label} ${hint} ${bounds}</legend>
      ${field.enum!.map((v, i) => html`<label><input type="checkbox" name=${name} value=${v} .checked=${chosen.includes(v)}
        @change=${(e: Event) => {
          const ticked = (e.target as HTMLInputElement).checked;
          const next = field.enum!.filter((c) => (c === v ? ticked : chosen.includes(c)));
          on.set(open, name, next);
        }} /> ${field.enumNames?.[i] ?? v}</label>`)}
    </fieldset>`;
  }
  if (field.enum) {
    return html`<label class="mcp-elicitation-field" for=${id}>${label} ${hint}</label>
      <select id=${id} name=${name} ?required=${required} @change=${(e: Event) => on.set(open, name, (e.target as HTMLSelectElement).value || undefined)}>
        ${field.default === undefined ? html`<option value="" ?selected=${value === undefined}>—</option>` : nothing}
        ${field.enum.map((v, i) => html`<option value=${v} ?selected=${value === v}>${field.enumNames?.[i] ?? v}</option>`)}
      </select>`;
  }
  const numeric = field.type !== 'string';
  const type = numeric ? 'number' : field.format ? INPUT_TYPES[field.format] : 'text';
  const dateTime = field.format === 'date-time';
  const shown = value === undefined ? '' : dateTime ? localDateTime(String(value)) : String(value);
  return html`<label class="mcp-elicitation-field" for=${id}>${label} ${hint}</label>
    <input id=${id} name=${name} type=${type} ?required=${required} .value=${shown}
      step=${field.type === 'integer' ? '1' : numeric ? 'any' : dateTime ? '1' : nothing}
      min=${field.minimum ?? nothing} max=${field.maximum ?? nothing} minlength=${field.minLength ?? nothing} maxlength=${field.maxLength ?? nothing}
      @input=${(e: Event) => {
        const text = (e.target as HTMLInputElement).value;
        on.set(open, name, text === '' ? undefined : numeric ? Number(text) : dateTime ? new Date(text).toISOString() : text);
      }} />`;
}

const INPUT_TYPES = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;

/** "Choose 1 to 2" and the like. */
function countHint(min: number | undefined, max: number | undefined, w: McpWords): string {
  if (min !== undefined && max !== undefined) return min === max ? w.mcpChoose(String(min)) : w.mcpChooseBetween(String(min), String(max));
  return min !== undefined ? w.mcpChooseAtLeast(String(min)) : w.mcpChooseAtMost(String(max));
}

/** An RFC 3339 date-time as a `datetime-local` input shows it: the same instant, in the user's time zone. */
function localDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
