/**
 * An MCP server's questions to the user (elicitation, form mode) in
 * `<agent-chat>`: this controller, loaded with the MCP drawer (only servers ask), keeps the
 * open questions (from `mcp-elicitation` / `mcp-elicitation-end` events) and
 * answers them (`agent.mcp.answerElicitation`; a refusal is kept to show).
 * The panels themselves (mcp-elicitation-form.ts) load with the first question.
 */
import { nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent, AgentEvent, McpElicitationAnswer } from '../../src/types.js';
import type { Declined, ElicitationHandlers, Open, Value } from './mcp-elicitation-form.js';
import type { ConversationSource } from '../conversation/index.js';
import type { adoptStyles as chatAdoptStyles } from '../lazy-view.js';
import type { McpWords } from './mcp-words.js';

/** What the panel needs of its element (the MCP drawer's host). */
type McpPanelHost = ReactiveControllerHost & HTMLElement & { readonly agent: Agent };

export class McpElicitationPanel {
  readonly #host: McpPanelHost;
  readonly #open = new Map<string, Open>();
  /** Questions declined because no form can show them: the user is told, until they dismiss it. */
  readonly #declined: Declined[] = [];
  #form: typeof import('./mcp-elicitation-form.js') | undefined;

  readonly #adopt: typeof chatAdoptStyles;

  /**
   * `conversation`: the element's; the servers' questions come and go as its events.
   * `adopt`: the element's `adoptStyles`, handed over (imported here it would make a chunk shared with the page's).
   */
  constructor(host: McpPanelHost, conversation: ConversationSource, adopt: typeof chatAdoptStyles) {
    this.#host = host;
    this.#adopt = adopt;
    conversation.subscribe((event) => this.#onEvent(event));
  }

  #onEvent(event: AgentEvent): void {
    if (event.type === 'mcp-elicitation') {
      // Each field starts at its default, shown; a checkbox shows false when it has none, and false is what it sends.
      const values = Object.fromEntries(Object.entries(event.request.fields).map(([name, f]) => [name, f.default ?? (f.type === 'boolean' ? false : undefined)]));
      this.#open.set(event.request.id, { request: event.request, values });
      this.#load();
    } else if (event.type === 'mcp-elicitation-declined') {
      this.#declined.push({ server: event.server, message: event.message, reason: event.reason });
      this.#load();
    } else if (event.type === 'mcp-elicitation-end') {
      this.#open.delete(event.id);
    } else return;
    this.#host.requestUpdate();
  }

  #load(): void {
    if (this.#form) return;
    void import('./mcp-elicitation-form.js').then((form) => {
      // Adopted, not a <style> element: a strict CSP (style-src 'self') allows constructed sheets.
      this.#adopt(this.#host, form.styles);
      this.#form = form;
      this.#host.requestUpdate();
    });
  }

  async #answer(open: Open, action: 'accept' | 'decline' | 'cancel'): Promise<void> {
    if (action === 'accept') {
      // The client package fills in the default of a field an answer leaves out (SEP-1034), so a field with a
      // default is never left out: it sends what the form shows, empty included; one with none is left out when empty.
      const content: Record<string, Value> = {};
      for (const [name, field] of Object.entries(open.request.fields)) {
        const value = open.values[name];
        const empty = value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
        if (!empty) content[name] = value;
        else if (field.default === undefined) continue;
        else if (field.type === 'string') content[name] = '';
        else if (field.type === 'array') content[name] = [];
        else {
          open.error = `"${field.title ?? name}" is empty: give it a value, or Decline.`;
          return this.#host.requestUpdate();
        }
      }
      return this.#send(open, { action, content });
    }
    return this.#send(open, { action });
  }

  async #send(open: Open, answer: McpElicitationAnswer): Promise<void> {
    try {
      await (this.#host.agent as Agent).mcp.answerElicitation(open.request.id, answer);
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

  readonly #handlers: ElicitationHandlers = {
    answer: (open, action) => void this.#answer(open, action),
    set: (open, name, value) => this.#set(open, name, value),
    dismiss: (declined) => {
      this.#declined.splice(this.#declined.indexOf(declined), 1);
      this.#host.requestUpdate();
    },
  };

  /** The open questions and the declined ones' notices, with the drawer's words `w` in the element's language. */
  render(w: McpWords): TemplateResult | typeof nothing {
    return (this.#open.size || this.#declined.length) && this.#form ? this.#form.renderQuestions([...this.#open.values()], this.#declined, this.#handlers, w) : nothing;
  }
}
