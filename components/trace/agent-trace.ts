/**
 * `<agent-trace>`: a run's flight-recorder trace as a waterfall — the run,
 * each model request, each tool call, sub-agents nested under the call that
 * started them — pointed at a live agent (`.agent`, live while a run goes)
 * or at a thread file (`.file`, or a `src` URL: for support, a user exports a
 * thread and the developer opens its trace). The class only: the tag is
 * registered by `agent-trace-register.ts` (`pageloop/agent-trace.js` calls it;
 * `<agent-chat>`'s trace drawer loads it on first open).
 *
 * The rows come from `trace-tree.ts`; this file loads the trace, keeps it
 * fresh and renders. Keyboard: the rows are a nested list of disclosures
 * (Tab reaches each; ↑ ↓ Home End move between rows, → opens a row's
 * details, ← closes them or goes to the parent row).
 */
import { html, LitElement, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { readThread } from '../../src/thread-format.js';
import type { Agent, AgentEvent, ThreadFile, ThreadTrace, TraceSpan } from '../../src/types.js';
import { agentTraceStyles } from './agent-trace.styles.js';
import { formatMs, formatValue, traceRuns, waterfall, type RowText, type TraceRow, type TraceRunSummary, type TraceSpeech } from './trace-tree.js';
import { agentTraceWords, type AgentTraceWords } from './agent-trace-words.js';
import type { I18n, LocaleFormats } from '../i18n/index.js';

/** Events after which the trace has something new to show (a span opened or ended, or an event was added). */
const CHANGES = new Set<AgentEvent['type']>(['run-start', 'iteration', 'tool-call', 'approval-request', 'tool-start', 'tool-result', 'retry', 'context', 'usage', 'error', 'final', 'sub-agent', 'plan', 'nudge', 'reflection']);

/** How often, at most, a live view asks the agent for the shown run's spans (each ask copies them out of the worker). */
const LIVE_REFRESH_MS = 250;

/**
 * A run's trace as a waterfall: model requests (time to first token, tokens,
 * finish reason, retries and their waits), tool calls (approval wait and
 * answer, start gate, status), context folds, cuts and drops with their
 * sizes, sub-agents nested; every attribute and event of a span in its details.
 *
 * @summary A pageloop run's trace, as a waterfall.
 *
 * @attr run-id - The run to show (a `Run`'s `runId`). Absent: the latest run, followed as new runs start.
 * @attr src - URL of a thread file (`agent.threads.export()`) whose trace to show.
 * @attr theme - `light`, `dark`, `auto` (default: follows `prefers-color-scheme`), or `inherit`: the `--agent-chat-*` colours of the page or the enclosing `<agent-chat>`.
 * @attr closable - Present: a title and a Close button head the view, and Close or Escape fires `trace-close` (for a drawer or dialog that holds it, as `<agent-chat>`'s does).
 * @attr locale - The language of its words, dates and numbers, as `<agent-chat>`'s `locale` (default: the page's `lang`, then the browser's).
 *
 * @prop {Agent} agent - The agent whose thread's trace to show; updated live while its runs go.
 * @prop {ThreadFile | string} file - A thread file (parsed, or its JSON text) whose trace to show; wins over `src`.
 * @prop {Record<string, unknown>} labels - The app's own wording of any of its messages, by id (as `<agent-chat>`'s `labels`).
 * @prop {AgentTraceWords} words - Its words as a host element hands them over (`<agent-chat>`'s drawer: in the chat's language and labels); wins over `locale` and `labels`.
 * @prop {LocaleFormats} format - With `words`: the numbers' format of their language (undefined: English).
 *
 * @fires {CustomEvent<void>} trace-close - With `closable`: the user asked to close the view (Close, or Escape inside it). Bubbles, composed.
 *
 * @csspart trace-close-button - With `closable`: closes the view (fires `trace-close`).
 * @csspart trace-runs - The run picker (a `<select>`).
 * @csspart trace-summary - The line under it: the run's length, outcome, spans and dropped spans.
 * @csspart trace-dropped - The note that older spans were dropped to keep the thread's trace within its size cap.
 * @csspart trace-tree - The waterfall: a nested list of spans.
 * @csspart trace-span - One span's row (a disclosure; `data-kind` is `agent`, `chat`, `tool` or `other`).
 * @csspart trace-bar - A span's bar, placed and sized on the run's time axis.
 * @csspart trace-details - A span's details: every attribute and event it has.
 * @csspart trace-error - Why the trace could not be shown (a file that is not a thread, a URL that failed).
 *
 * @cssproperty --agent-chat-bg - Background (all `--agent-chat-*` colours, fonts and sizes apply, as in `<agent-chat>`).
 */
export class AgentTrace extends LitElement {
  static override styles = agentTraceStyles;
  static override shadowRootOptions: ShadowRootInit = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  // Declared here rather than with Lit's decorators, whose code would be one more piece of this chunk.
  static override properties: PropertyDeclarations = {
    agent: { attribute: false },
    file: { attribute: false },
    src: {},
    runId: { attribute: 'run-id' },
    theme: { reflect: true },
    closable: { type: Boolean },
    locale: {},
    labels: { attribute: false },
    words: { attribute: false },
    format: { attribute: false },
    trace: { state: true, attribute: false },
    error: { state: true, attribute: false },
  };

  declare agent?: Agent;
  declare file?: ThreadFile | string;
  declare src?: string;
  declare runId?: string;
  theme: 'light' | 'dark' | 'auto' | 'inherit' = 'auto';
  closable = false;
  declare locale?: string;
  declare labels?: Readonly<Record<string, unknown>>;
  declare words?: AgentTraceWords;
  declare format?: LocaleFormats;
  /**
   * How an `<agent-trace>` of its own gets its language (`locale`, `labels`): set by the entries that define the
   * element for a page (`pageloop/agent-trace.js`, `defineAgentTrace()`), which hand over the element's `Localizer`
   * (this chunk takes the i18n room as types only: its values are the page's). Unset: English, or the `words` a host hands over.
   */
  static localize: ((host: AgentTrace) => I18n) | undefined;
  /** Its own language, when the defining entry gave it one. */
  readonly #i18n: I18n | undefined = AgentTrace.localize?.(this);

  declare private trace: ThreadTrace | undefined;
  declare private error: string | undefined;
  #loads = 0;
  /** The latest load, until it is shown. */
  #latest: Promise<void> = Promise.resolve();
  #unsubscribe: (() => void) | undefined;
  #refreshTimer: ReturnType<typeof setTimeout> | undefined;
  /** Re-renders an open run each second, so its open spans' bars grow while nothing else happens (an approval waiting). */
  #tick: ReturnType<typeof setInterval> | undefined;
  /** The run shown is still going. */
  #live = false;
  /** The run shown (live updates ask for its spans only). */
  #shownRun: string | undefined;
  /** A run started since the last live update: ask for the whole trace. */
  #whole = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#subscribe();
    this.addEventListener('keydown', this.#onEscape);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('keydown', this.#onEscape);
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    clearTimeout(this.#refreshTimer);
    this.#refreshTimer = undefined;
    this.#setTick(false);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('agent') || changed.has('file') || changed.has('src')) {
      if (changed.has('agent')) this.#subscribe();
      void this.refresh();
    }
  }

  /**
   * Loads the trace again (from the agent, the file or `src`). Resolves when
   * it is shown, or its error is — or, when a newer load started meanwhile
   * (the agent changed, a live update), when that one is.
   */
  async refresh(): Promise<void> {
    let shown = this.#show(++this.#loads);
    this.#latest = shown;
    await shown;
    while (this.#latest !== shown) await (shown = this.#latest);
  }

  async #show(load: number): Promise<void> {
    let trace: ThreadTrace | undefined;
    let error: string | undefined;
    try {
      trace = await this.#load();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    if (load !== this.#loads) return;
    this.trace = trace;
    this.error = error;
    await this.updateComplete;
  }

  async #load(): Promise<ThreadTrace | undefined> {
    if (this.file !== undefined) return traceOfFile(this.file);
    if (this.src) {
      const response = await fetch(this.src).catch((err: unknown) => {
        throw new Error(`The thread file at ${this.src} could not be fetched: ${err instanceof Error ? err.message : String(err)}`);
      });
      if (!response.ok) throw new Error(`The thread file at ${this.src} could not be fetched: HTTP ${response.status}.`);
      return traceOfFile(await response.text());
    }
    return this.agent?.trace();
  }

  #subscribe(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = this.isConnected ? this.agent?.on((event) => this.#onEvent(event)) : undefined;
  }

  /**
   * A live run moved on: ask again, at most every LIVE_REFRESH_MS — for the
   * shown run's spans only (a thread's whole trace is up to `trace.maxBytes`
   * to copy), or for the whole trace when a run starts (the run list grows).
   */
  #onEvent(event: AgentEvent): void {
    if (!CHANGES.has(event.type) || this.file !== undefined || this.src) return;
    if (event.type === 'run-start') this.#whole = true;
    this.#refreshTimer ??= setTimeout(() => {
      this.#refreshTimer = undefined;
      const whole = this.#whole || this.#shownRun === undefined;
      this.#whole = false;
      void (whole ? this.refresh() : this.#refreshRun(this.#shownRun!));
    }, LIVE_REFRESH_MS);
  }

  /** Replaces run `runId`'s spans with the agent's latest. */
  async #refreshRun(runId: string): Promise<void> {
    const load = ++this.#loads;
    const agent = this.agent;
    const fresh = await agent?.trace(runId).catch(() => undefined);
    if (load !== this.#loads || !fresh || !this.trace) return;
    this.trace = { spans: [...this.trace.spans.filter((s) => s.runId !== runId), ...fresh.spans], dropped: fresh.dropped };
  }

  #setTick(on: boolean): void {
    if (on && this.#tick === undefined) this.#tick = setInterval(() => this.requestUpdate(), 1000);
    if (!on && this.#tick !== undefined) {
      clearInterval(this.#tick);
      this.#tick = undefined;
    }
  }

  protected override updated(): void {
    this.#setTick(this.#live && this.isConnected);
  }

  /** The words and number format of its language: a host's, else its own `locale`'s, else English. */
  #speech(): TraceSpeech {
    const format = this.words ? this.format : this.#i18n?.format;
    const w = this.words ?? this.#i18n?.words(agentTraceWords) ?? agentTraceWords;
    return { w, n: format ? format.decimal : (value, digits) => value.toFixed(digits) };
  }

  protected override render(): TemplateResult {
    const say = this.#speech();
    if (!this.closable) return this.#renderView(say);
    return html`<div class="trace-title-row">
        <span class="trace-title">${say.w.traceTitle}</span>
        <button part="trace-close-button" type="button" @click=${this.#close}>${say.w.traceClose}</button>
      </div>
      ${this.#renderView(say)}`;
  }

  readonly #close = (): void => {
    this.dispatchEvent(new CustomEvent('trace-close', { bubbles: true, composed: true }));
  };

  readonly #onEscape = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape' || !this.closable) return;
    e.preventDefault();
    e.stopPropagation();
    this.#close();
  };

  #renderView(say: TraceSpeech): TemplateResult {
    const { w } = say;
    if (this.error !== undefined) return html`<p part="trace-error" class="trace-error" role="alert">${this.error}</p>`;
    const trace = this.trace;
    if (!trace) return html`<p class="trace-empty">${this.agent || this.file !== undefined || this.src ? w.traceLoading : w.traceNothing}</p>`;
    const runs = traceRuns(trace.spans);
    const selected = this.runId ?? runs.at(-1)?.runId;
    const view = selected === undefined ? undefined : waterfall(trace.spans, selected, performance.timeOrigin + performance.now(), say);
    this.#live = view?.open === true;
    this.#shownRun = selected;
    return html`
      <div class="trace-head">
        ${runs.length > 0 ? this.#renderPicker(runs, selected, say) : nothing}
        <p part="trace-summary" class="trace-summary">${this.#summary(view, trace, say)}</p>
      </div>
      ${trace.dropped > 0
        ? html`<p part="trace-dropped" class="trace-dropped">${w.traceDropped(trace.dropped)}</p>`
        : nothing}
      ${!view || view.rows.length === 0
        ? html`<p class="trace-empty">${runs.length === 0 ? w.traceNoRun : w.traceNoSpans(selected ?? '')}</p>`
        : html`
            <div class="trace-axis" aria-hidden="true"><span>0</span><span>${formatMs(view.durationMs, say)}</span></div>
            <ul part="trace-tree" class="trace-tree" aria-label=${w.traceSpansLabel} @keydown=${this.#onKeydown}>
              ${view.roots.map((row) => this.#renderRow(row, say))}
            </ul>
          `}
    `;
  }

  #renderPicker(runs: TraceRunSummary[], selected: string | undefined, say: TraceSpeech): TemplateResult {
    return html`<label class="trace-run-label">${say.w.traceRun}
      <select part="trace-runs" @change=${(e: Event) => (this.runId = (e.target as HTMLSelectElement).value)}>
        ${runs.map((run, i) => html`<option value=${run.runId} ?selected=${run.runId === selected}>${runLabel(run, i, say, this.locale || this.#i18n?.locale || 'en')}</option>`)}
        ${selected !== undefined && !runs.some((r) => r.runId === selected) ? html`<option value=${selected} selected>${selected}</option>` : nothing}
      </select>
    </label>`;
  }

  #summary(view: ReturnType<typeof waterfall> | undefined, trace: ThreadTrace, say: TraceSpeech): string {
    const { w, n } = say;
    const dropped = n(trace.dropped, 0);
    if (!view || view.rows.length === 0) return w.traceSpansInThread(n(trace.spans.length, 0), dropped, trace.spans.length, trace.dropped);
    const root = view.roots[0]?.span;
    const finish = root?.attributes['gen_ai.response.finish_reasons'];
    const outcome = view.open ? w.traceRunning : finish !== undefined ? w.factFinish(formatValue(finish)) : root?.status === 'error' ? w.traceError : w.traceDone;
    return w.traceSummary(formatMs(view.durationMs, say), outcome, n(view.rows.length, 0), dropped, view.rows.length, trace.dropped);
  }

  #renderRow(row: TraceRow, say: TraceSpeech): TemplateResult {
    const span = row.span;
    const time = `+${formatMs(row.offsetMs, say)} · ${row.open ? say.w.traceStillRunning(formatMs(row.durationMs, say)) : formatMs(row.durationMs, say)}`;
    const bar = { '--left': `${(row.left * 100).toFixed(3)}%`, '--width': `${(row.width * 100).toFixed(3)}%` };
    return html`<li class="span" data-kind=${row.kind} data-span-id=${span.spanId} ${cssVars({ '--level': String(row.level) })}>
      <details part="trace-span" class="span-row" data-kind=${row.kind} data-status=${span.status}>
        <summary class="span-summary">
          <span class="span-head"><span class="span-title">${row.title}</span><span class="span-time">${time}</span></span>
          <span class="span-track" aria-hidden="true"><span part="trace-bar" class="span-bar" data-kind=${row.kind} data-status=${span.status} ?data-open=${row.open} ${cssVars(bar)}></span></span>
          ${row.facts.length > 0 ? html`<span class="span-facts">${row.facts.map((fact, i) => html`${i > 0 ? ' · ' : ''}${rowText(fact)}`)}</span>` : nothing}
          ${row.notes.map((note) => html`<span class="span-note">${rowText(note)}</span>`)}
        </summary>
        ${renderDetails(span, say)}
      </details>
      ${row.children.length > 0 ? html`<ul class="span-children">${row.children.map((child) => this.#renderRow(child, say))}</ul>` : nothing}
    </li>`;
  }

  /** ↑ ↓ Home End between rows; → opens a row's details, ← closes them or goes to the parent row. */
  readonly #onKeydown = (e: KeyboardEvent): void => {
    const summary = (e.target as HTMLElement).closest('summary.span-summary');
    if (!summary) return;
    const all = [...this.renderRoot.querySelectorAll<HTMLElement>('summary.span-summary')];
    const at = all.indexOf(summary as HTMLElement);
    const details = summary.parentElement as HTMLDetailsElement;
    let next: HTMLElement | undefined;
    if (e.key === 'ArrowDown') next = all[at + 1];
    else if (e.key === 'ArrowUp') next = all[at - 1];
    else if (e.key === 'Home') next = all[0];
    else if (e.key === 'End') next = all.at(-1);
    else if (e.key === 'ArrowRight' && !details.open) details.open = true;
    else if (e.key === 'ArrowLeft' && details.open) details.open = false;
    else if (e.key === 'ArrowLeft') next = details.closest('li')?.parentElement?.closest('li')?.querySelector<HTMLElement>(':scope > details > summary') ?? undefined;
    else return;
    e.preventDefault();
    next?.focus();
  };
}

/** Every attribute and event of a span, as recorded (so attributes this view does not know still show). */
function renderDetails(span: TraceSpan, say: TraceSpeech): TemplateResult {
  const w = say.w;
  const attributes = Object.entries(span.attributes).sort(([a], [b]) => a.localeCompare(b));
  return html`<div part="trace-details" class="span-details">
    <dl>
      ${pair(w.detailSpan, span.name)}${pair(w.detailStatus, span.status)}${pair(w.detailSpanId, span.spanId)}
      ${span.parentSpanId ? pair(w.detailParent, span.parentSpanId) : nothing}
      ${attributes.map(([key, value]) => pair(key, formatValue(value), true))}
    </dl>
    ${span.events.length > 0
      ? html`<p class="span-events-title">${w.detailEvents}</p>
          <ol class="span-events">
            ${span.events.map((event) => html`<li><span class="span-event-time">+${formatMs(event.time - span.startTime, say)}</span> <span class="span-event-name" translate="no">${event.name}</span>${Object.entries(event.attributes ?? {}).map(([k, v]) => html` <span class="span-event-attr" translate="no">${k}=${formatValue(v)}</span>`)}</li>`)}
          </ol>`
      : nothing}
  </div>`;
}

/**
 * Sets custom properties on an element through the CSSOM (`style.setProperty`),
 * never as a `style` attribute: a strict `style-src` policy blocks the
 * attribute (which Lit's `styleMap` writes on first render), not the CSSOM.
 */
const cssVars = (values: Record<string, string>) =>
  ref((el) => {
    if (el instanceof HTMLElement) for (const [name, value] of Object.entries(values)) el.style.setProperty(name, value);
  });

/** A row's fact or note: the recorder's own (`data`) marked `translate="no"`, as the attribute values are. */
const rowText = (text: RowText): TemplateResult | string => (text.data ? html`<span translate="no" dir="auto">${text.text}</span>` : text.text);

/**
 * One attribute: its name, then its value (beside it when both fit, under it when not). The values are the
 * recorder's data, and so are the attributes' own names (`key`): marked `translate="no"`, for a page translator too.
 */
const pair = (name: string, value: string, key = false): TemplateResult =>
  html`<div class="span-attr"><dt translate=${key ? 'no' : 'yes'}>${name}</dt><dd translate="no">${value}</dd></div>`;

/** A run in the picker: its number, start time (in the view's language), outcome and length. */
function runLabel(run: TraceRunSummary, index: number, say: TraceSpeech, locale: string): string {
  const time = new Date(run.startTime).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const outcome = run.outcome === 'running' ? say.w.traceRunning : run.outcome === 'done' ? say.w.traceDone : run.outcome === 'error' ? say.w.traceError : say.w.factFinish(run.outcome);
  return `${say.n(index + 1, 0)}. ${time} · ${outcome}${run.durationMs === undefined ? '' : ` · ${formatMs(run.durationMs, say)}`}`;
}

/** A thread file's trace; a file that is not a thread is refused with the thread reader's own reason. */
function traceOfFile(file: ThreadFile | string): ThreadTrace {
  let value: unknown = file;
  if (typeof file === 'string') {
    try {
      value = JSON.parse(file);
    } catch (err) {
      throw new Error(`Not a thread file: it is not JSON (${err instanceof Error ? err.message : String(err)}).`);
    }
  }
  return readThread(value).trace ?? { spans: [], dropped: 0 };
}
