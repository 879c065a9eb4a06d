/**
 * The trace drawer of `<agent-chat>` (part `trace`), as a Lit
 * ReactiveController: a closable `<agent-trace>` over the top of the log,
 * like the thread list, showing one run as a waterfall. It opens from a
 * message's Trace button (that message's run) or `/trace` (the latest run,
 * followed while new ones start), and closes with its Close button or
 * Escape, giving focus back to what opened it.
 *
 * In a narrow element (under `NARROW_PX` wide: a 320–420 px sidebar) the
 * waterfall would be squeezed into the sidebar and a few rows tall, so it
 * opens instead as a modal `<dialog>` (part `trace-dialog`) as wide as the
 * viewport allows: the page behind it inert (focus stays in it), Escape and
 * Close close it, focus goes back as from the drawer.
 *
 * Only this opener is part of the chat's up-front code: the view, its title,
 * Close button and styles are `<agent-trace>`'s, and the drawer's content
 * (trace-drawer-view.ts) comes with it, loaded on first open in a chunk of its
 * own (`import()`), so a chat whose user never looks at a trace never loads it.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Agent } from '../../src/types.js';
import { Localizer, type I18n } from '../i18n/index.js';
import { traceWords } from './trace-words.js';
import { adoptStyles } from '../lazy-view.js';

/** What the drawer uses of the trace view's chunk. */
type TraceView = Pick<typeof import('./agent-trace-register.js'), 'focusTraceView' | 'renderTraceView' | 'traceDialogStyles'>;

/** An element narrower than this (px) opens the trace as a modal dialog over the page, not as a drawer inside it. */
export const NARROW_PX = 480;

/** What the drawer needs of its element. */
export interface TraceDrawerHost extends ReactiveControllerHost, HTMLElement {
  readonly agent: Agent;
}

/**
 * Loads `<agent-trace>` and defines it (once). The standalone bundle offers
 * it as `defineAgentTrace()` for pages that show a trace without the chat.
 */
export async function defineAgentTrace(): Promise<void> {
  // Its own `locale` and `labels`, with the page's Localizer (the chunk takes the i18n room as types only).
  (await import('./agent-trace-register.js')).registerAgentTrace((host) => new Localizer(host));
}

/** Opens, renders and closes the trace view of one chat. */
export class TraceDrawer implements ReactiveController {
  #host: TraceDrawerHost;
  /** Open on this run; `null` for the latest; undefined when closed. */
  #run: string | null | undefined;
  /** The view's chunk, once loaded. */
  #view: TraceView | undefined;
  #error = '';
  /** Opened as a modal dialog (the element was narrow when it opened). */
  #modal = false;
  /** Where focus goes back to on close. */
  #opener: HTMLElement | null = null;
  readonly #i18n: I18n;

  constructor(host: TraceDrawerHost, i18n: I18n) {
    (this.#host = host).addController(this);
    this.#i18n = i18n;
  }

  hostConnected(): void {}

  /** Opens the drawer on run `runId` (absent: the latest run). */
  async show(runId?: string): Promise<void> {
    const host = this.#host;
    this.#opener = host.shadowRoot?.activeElement as HTMLElement | null;
    this.#run = runId ?? null;
    this.#modal = host.getBoundingClientRect().width < NARROW_PX;
    host.requestUpdate();
    try {
      const view = await import('./agent-trace-register.js');
      view.registerAgentTrace();
      adoptStyles(host, view.traceDialogStyles);
      this.#view = view;
    } catch (err) {
      this.#error = this.#i18n.words(traceWords).traceNotLoaded(String(err));
    }
    host.requestUpdate();
    await host.updateComplete;
    await this.#view?.focusTraceView(host.shadowRoot);
  }

  close(): void {
    if (this.#run === undefined) return; // Escape reaches both the view and its dialog.
    this.#run = undefined;
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => (this.#opener?.isConnected ? this.#opener : this.#host.shadowRoot?.querySelector<HTMLElement>('textarea'))?.focus());
  }

  /** The Trace button of a message whose run is known. */
  button(runId: string | undefined): TemplateResult | typeof nothing {
    if (runId === undefined) return nothing;
    const w = this.#i18n.words(traceWords);
    return html`<button part="trace-button" class="trace-button" type="button" aria-label=${w.traceOfRun} @click=${() => this.show(runId)}>${w.trace}</button>`;
  }

  render(): TemplateResult | typeof nothing {
    if (this.#run === undefined) return nothing;
    const w = this.#i18n.words(traceWords);
    if (!this.#view) return html`<p class="trace-drawer" role="status">${this.#error || w.loadingTrace} <button type="button" @click=${() => this.close()}>${w.closeTrace}</button></p>`;
    let agent: Agent | undefined;
    try {
      agent = this.#host.agent;
    } catch {
      // No endpoint set yet: nothing was traced either.
    }
    return this.#view.renderTraceView(agent, this.#run, () => this.close(), this.#i18n, this.#modal ? this.#i18n.words(traceWords).trace : undefined);
  }
}
