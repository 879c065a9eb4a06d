/**
 * The panels of an MCP server's questions to the user (elicitation, form
 * mode), loaded with the first question (mcp-elicitation.ts keeps them): the
 * server's name and message (as text: it is the server's, untrusted), one
 * input per field (a select for a choice, a checkbox, a number or a text
 * input, pre-filled with the field's default) and Accept, Decline and Cancel
 * (part `mcp-elicitation-button`, `data-action`), in a form (part
 * `mcp-elicitation`) above the composer. Its styles are adopted when it loads.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { McpElicitation, McpElicitationField } from '../../src/types.js';

export type Value = string | number | boolean;

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
}

/** Its styles, adopted by the panel (mcp-elicitation.ts) when this module loads. */
export const styles = css`
  /* Taller than the element can hold, the form scrolls inside; its Accept, Decline and Cancel stay in view (issue 37). */
  .mcp-elicitation { margin: 0 12px 8px; flex: 0 1 auto; min-height: 0; max-height: 70%; overflow-y: auto; overscroll-behavior: contain; padding-bottom: 0; }
  .mcp-elicitation .approval-actions { position: sticky; bottom: 0; padding: 6px 0 8px; background: var(--agent-chat-warning-bg); }
  .mcp-elicitation-field { display: block; margin: 6px 0 2px; }
  .mcp-elicitation-hint { display: block; color: var(--agent-chat-muted); }
  .mcp-elicitation :is(input:not([type='checkbox']), select) {
    width: 100%; box-sizing: border-box; font: inherit; color: var(--agent-chat-fg); background: var(--agent-chat-bg);
    border: 1px solid var(--agent-chat-border); border-radius: 6px; padding: 4px 6px; margin-bottom: 4px;
  }
`;

/** The open questions' panels. */
export function renderQuestions(open: Open[], on: ElicitationHandlers): TemplateResult {
  return html`${open.map((o) => panel(o, on))}`;
}

function panel(open: Open, on: ElicitationHandlers): TemplateResult {
  const { request } = open;
  const labelId = `elicit-label-${request.id}`;
  return html`<form part="mcp-elicitation" class="approval mcp-elicitation" aria-labelledby=${labelId} data-id=${request.id}
      @submit=${(e: Event) => (e.preventDefault(), on.answer(open, 'accept'))}>
    <p id=${labelId} class="approval-label">MCP server <strong>${request.server}</strong> asks: ${request.message}</p>
    ${Object.entries(request.fields).map(([name, f]) => field(open, name, f, on))}
    ${open.error ? html`<p class="args-error" role="alert">${open.error}</p>` : nothing}
    <div class="approval-actions">
      <button part="mcp-elicitation-button" data-action="accept" class="primary" type="submit">Accept</button>
      <button part="mcp-elicitation-button" data-action="decline" type="button" @click=${() => on.answer(open, 'decline')}>Decline</button>
      <button part="mcp-elicitation-button" data-action="cancel" type="button" @click=${() => on.answer(open, 'cancel')}>Cancel</button>
    </div>
  </form>`;
}

function field(open: Open, name: string, field: McpElicitationField, on: ElicitationHandlers): TemplateResult {
  const id = `elicit-${open.request.id}-${name}`;
  const required = open.request.required.includes(name);
  const value = open.values[name];
  const label = html`${field.title ?? name}${required ? html`<span aria-hidden="true"> *</span>` : nothing}`;
  const hint = field.description ? html`<small class="mcp-elicitation-hint">${field.description}</small>` : nothing;
  if (field.type === 'boolean') {
    return html`<label class="mcp-elicitation-field mcp-elicitation-check"><input id=${id} name=${name} type="checkbox" .checked=${value === true}
      @change=${(e: Event) => on.set(open, name, (e.target as HTMLInputElement).checked)} /> ${label} ${hint}</label>`;
  }
  if (field.enum) {
    return html`<label class="mcp-elicitation-field" for=${id}>${label} ${hint}</label>
      <select id=${id} name=${name} ?required=${required} @change=${(e: Event) => on.set(open, name, (e.target as HTMLSelectElement).value || undefined)}>
        <option value="" ?selected=${value === undefined}>—</option>
        ${field.enum.map((v, i) => html`<option value=${v} ?selected=${value === v}>${field.enumNames?.[i] ?? v}</option>`)}
      </select>`;
  }
  const numeric = field.type !== 'string';
  const type = numeric ? 'number' : ({ email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as Record<string, string>)[field.format ?? ''] ?? 'text';
  return html`<label class="mcp-elicitation-field" for=${id}>${label} ${hint}</label>
    <input id=${id} name=${name} type=${type} ?required=${required} .value=${value === undefined ? '' : String(value)}
      step=${field.type === 'integer' ? '1' : numeric ? 'any' : nothing}
      min=${field.minimum ?? nothing} max=${field.maximum ?? nothing} minlength=${field.minLength ?? nothing} maxlength=${field.maxLength ?? nothing}
      @input=${(e: Event) => {
        const text = (e.target as HTMLInputElement).value;
        on.set(open, name, text === '' ? undefined : numeric ? Number(text) : text);
      }} />`;
}
