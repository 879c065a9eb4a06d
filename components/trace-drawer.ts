/**
 * The trace drawer of `<agent-chat>` (part `trace`), as a Lit
 * ReactiveController: a closable `<agent-trace>` over the top of the log,
 * like the thread list, showing one run as a waterfall. It opens from a
 * message's Trace button (that message's run) or `/trace` (the latest run,
 * followed while new ones start), and closes with its Close button or
 * Escape, giving focus back to what opened it.
 *
 * Only this opener is part of the chat's up-front code: the view, its title,
 * Close button and styles are `<agent-trace>`'s, loaded on first open in a
 * chunk of its own (`import()`), so a chat whose user never looks at a trace
 * never loads it.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent } from '../src/types.js';
import type { AgentTrace } from './agent-trace.js';

/** What the drawer needs of its element. */
export interface TraceDrawerHost extends ReactiveControllerHost, HTMLElement {
  readonly agent: Agent;
}

/** The parts of `<agent-trace>` the chat forwards, so `agent-chat::part(trace-span)` styles them too. */
const FORWARDED = 'trace-close-button,trace-runs,trace-summary,trace-dropped,trace-tree,trace-span,trace-bar,trace-details,trace-error';

/**
 * Loads `<agent-trace>` and defines it (once). The standalone bundle offers
 * it as `defineAgentTrace()` for pages that show a trace without the chat.
 */
export async function defineAgentTrace(): Promise<void> {
  (await import('./agent-trace-register.js')).registerAgentTrace();
}

/** Opens, renders and closes the trace view of one chat. */
export class TraceDrawer implements ReactiveController {
  #host: TraceDrawerHost;
  /** Open on this run; `null` for the latest; undefined when closed. */
  #run: string | null | undefined;
  #loaded = false;
  #error = '';
  /** Where focus goes back to on close. */
  #opener: HTMLElement | null = null;

  constructor(host: TraceDrawerHost) {
    (this.#host = host).addController(this);
  }

  hostConnected(): void {}

  /** Opens the drawer on run `runId` (absent: the latest run). */
  async show(runId?: string): Promise<void> {
    const host = this.#host;
    this.#opener = host.shadowRoot?.activeElement as HTMLElement | null;
    this.#run = runId ?? null;
    host.requestUpdate();
    try {
      await defineAgentTrace();
      this.#loaded = true;
    } catch (err) {
      this.#error = `The trace view could not be loaded: ${String(err)}`;
    }
    host.requestUpdate();
    await host.updateComplete;
    const view = host.shadowRoot?.querySelector<AgentTrace>('agent-trace');
    await view?.refresh();
    // The first row, else what the view offers first (its run picker, Close).
    const root = view?.shadowRoot;
    (root?.querySelector<HTMLElement>('summary') ?? root?.querySelector<HTMLElement>('select') ?? view)?.focus();
  }

  close(): void {
    this.#run = undefined;
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => (this.#opener?.isConnected ? this.#opener : this.#host.shadowRoot?.querySelector<HTMLElement>('textarea'))?.focus());
  }

  /** The Trace button of a message whose run is known. */
  button(runId: string | undefined): TemplateResult | typeof nothing {
    return runId === undefined ? nothing : html`<button part="trace-button" class="trace-button" type="button" aria-label="Trace of this run" @click=${() => this.show(runId)}>Trace</button>`;
  }

  render(): TemplateResult | typeof nothing {
    if (this.#run === undefined) return nothing;
    if (!this.#loaded) return html`<p class="trace-drawer" role="status">${this.#error || 'Loading the trace…'} <button type="button" @click=${() => this.close()}>Close</button></p>`;
    let agent: Agent | undefined;
    try {
      agent = this.#host.agent;
    } catch {
      // No endpoint set yet: nothing was traced either.
    }
    return html`<agent-trace part="trace" class="trace-drawer" closable theme="inherit" exportparts=${FORWARDED}
      .agent=${agent} .runId=${this.#run ?? undefined} @trace-close=${() => this.close()}></agent-trace>`;
  }
}
