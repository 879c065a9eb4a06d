/**
 * An MCP server's question to the user (elicitation, form mode) in
 * `<agent-chat>`: a panel above the composer (part `mcp-elicitation`) with
 * the server's name, its message (as text: it is the server's, untrusted),
 * one input per field (a select for a choice, a checkbox, a number or a text
 * input, pre-filled with the field's default) and Accept, Decline and Cancel
 * (part `mcp-elicitation-button`, `data-action`). The answer goes to
 * `agent.mcp.answerElicitation`; one it refuses (a required field left
 * empty) is said in the panel, which stays. The panel leaves on the
 * question's `mcp-elicitation-end` (answered, or the server gave up).
 */
import { html, nothing, type ReactiveController, type TemplateResult } from 'lit';
import type { Agent, AgentEvent, McpElicitation, McpElicitationField } from '../src/types.js';
import type { McpPanelHost } from './mcp-drawer.js';

type Value = string | number | boolean;

interface Open {
  request: McpElicitation;
  values: Record<string, Value | undefined>;
  error?: string;
}

export class McpElicitationPanel implements ReactiveController {
  readonly #host: McpPanelHost;
  readonly #open = new Map<string, Open>();

  constructor(host: McpPanelHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.addEventListener('agent-event', this.#onEvent);
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('agent-event', this.#onEvent);
  }

  readonly #onEvent = (e: Event): void => {
    const event = (e as CustomEvent<AgentEvent>).detail;
    if (event.type === 'mcp-elicitation') {
      const values = Object.fromEntries(Object.entries(event.request.fields).map(([name, f]) => [name, f.default]));
      this.#open.set(event.request.id, { request: event.request, values });
    } else if (event.type === 'mcp-elicitation-end') {
      this.#open.delete(event.id);
    } else return;
    this.#host.requestUpdate();
  };

  async #answer(open: Open, action: 'accept' | 'decline' | 'cancel'): Promise<void> {
    const content = Object.fromEntries(Object.entries(open.values).filter((entry): entry is [string, Value] => entry[1] !== undefined && entry[1] !== ''));
    try {
      await (this.#host.agent as Agent).mcp.answerElicitation(open.request.id, action === 'accept' ? { action, content } : { action });
    } catch (err) {
      open.error = err instanceof Error ? err.message : String(err);
      this.#host.requestUpdate();
    }
  }

  #set(open: Open, name: string, value: Value | undefined): void {
    open.values[name] = value;
    open.error = undefined;
    this.#host.requestUpdate();
  }

  render(): TemplateResult | typeof nothing {
    if (this.#open.size === 0) return nothing;
    return html`${[...this.#open.values()].map((open) => this.#panel(open))}`;
  }

  #panel(open: Open): TemplateResult {
    const { request } = open;
    const labelId = `elicit-label-${request.id}`;
    return html`<form part="mcp-elicitation" class="approval mcp-elicitation" aria-labelledby=${labelId} data-id=${request.id}
        @submit=${(e: Event) => (e.preventDefault(), void this.#answer(open, 'accept'))}>
      <p id=${labelId} class="approval-label">MCP server <strong>${request.server}</strong> asks: ${request.message}</p>
      ${Object.entries(request.fields).map(([name, field]) => this.#field(open, name, field))}
      ${open.error ? html`<p class="args-error" role="alert">${open.error}</p>` : nothing}
      <div class="approval-actions">
        <button part="mcp-elicitation-button" data-action="accept" class="primary" type="submit">Accept</button>
        <button part="mcp-elicitation-button" data-action="decline" type="button" @click=${() => void this.#answer(open, 'decline')}>Decline</button>
        <button part="mcp-elicitation-button" data-action="cancel" type="button" @click=${() => void this.#answer(open, 'cancel')}>Cancel</button>
      </div>
    </form>`;
  }

  #field(open: Open, name: string, field: McpElicitationField): TemplateResult {
    const id = `elicit-${open.request.id}-${name}`;
    const required = open.request.required.includes(name);
    const value = open.values[name];
    const label = html`${field.title ?? name}${required ? html`<span aria-hidden="true"> *</span>` : nothing}`;
    const hint = field.description ? html`<small class="mcp-elicitation-hint">${field.description}</small>` : nothing;
    if (field.type === 'boolean') {
      return html`<label class="mcp-elicitation-field mcp-elicitation-check"><input id=${id} name=${name} type="checkbox" .checked=${value === true}
        @change=${(e: Event) => this.#set(open, name, (e.target as HTMLInputElement).checked)} /> ${label} ${hint}</label>`;
    }
    if (field.enum) {
      return html`<label class="mcp-elicitation-field" for=${id}>${label} ${hint}</label>
        <select id=${id} name=${name} ?required=${required} @change=${(e: Event) => this.#set(open, name, (e.target as HTMLSelectElement).value || undefined)}>
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
          this.#set(open, name, text === '' ? undefined : numeric ? Number(text) : text);
        }} />`;
  }
}
