/**
 * An MCP server's questions to the user (elicitation, form mode) in
 * `<agent-chat>`: this controller, loaded with the MCP drawer (only servers ask), keeps the
 * open questions (from `mcp-elicitation` / `mcp-elicitation-end` events) and
 * answers them (`agent.mcp.answerElicitation`; a refusal is kept to show).
 * The panels themselves (mcp-elicitation-form.ts) load with the first question.
 */
import { nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent, AgentEvent } from '../../src/types.js';
import type { ElicitationHandlers, Open, Value } from './mcp-elicitation-form.js';
import type { ConversationSource } from '../conversation/index.js';
import type { adoptStyles as chatAdoptStyles } from '../lazy-view.js';
import type { McpWords } from './mcp-words.js';

/** What the panel needs of its element (the MCP drawer's host). */
type McpPanelHost = ReactiveControllerHost & HTMLElement & { readonly agent: Agent };

export class McpElicitationPanel {
  readonly #host: McpPanelHost;
  readonly #open = new Map<string, Open>();
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
      const values = Object.fromEntries(Object.entries(event.request.fields).map(([name, f]) => [name, f.default]));
      this.#open.set(event.request.id, { request: event.request, values });
      if (!this.#form) {
        void import('./mcp-elicitation-form.js').then((form) => {
          // Adopted, not a <style> element: a strict CSP (style-src 'self') allows constructed sheets.
          this.#adopt(this.#host, form.styles);
          this.#form = form;
          this.#host.requestUpdate();
        });
      }
    } else if (event.type === 'mcp-elicitation-end') {
      this.#open.delete(event.id);
    } else return;
    this.#host.requestUpdate();
  }

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

  readonly #handlers: ElicitationHandlers = { answer: (open, action) => void this.#answer(open, action), set: (open, name, value) => this.#set(open, name, value) };

  /** The open questions, with the drawer's words `w` in the element's language. */
  render(w: McpWords): TemplateResult | typeof nothing {
    return this.#open.size && this.#form ? this.#form.renderQuestions([...this.#open.values()], this.#handlers, w) : nothing;
  }
}
