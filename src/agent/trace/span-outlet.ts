/**
 * Where a finished span goes besides the thread's trace: to the page, for an
 * app's own OpenTelemetry setup (`agent.onSpan`, when the page listens), and
 * to an OTLP collector (option `telemetry.otlp`, src/telemetry/otlp-export.ts,
 * loaded on the first span it gets). Neither may slow or fail a run: spans
 * are handed on after the loop's own work (a microtask for the page, the
 * SDK's batches for the collector), and a collector's failures become a
 * `telemetry` event to the page, never the run's.
 */
import type { AgentEvent } from '../../types.js';
import type { OtlpOptions, TelemetryOptions, TraceSpan } from '../../trace-types.js';
import type { OtlpExport } from '../../telemetry/otlp-export.js';

/** What the outlet needs of the session's surroundings. */
export interface SpanOutletHost {
  /** Events for the page that the thread does not keep (the `telemetry` note). */
  emit(events: AgentEvent[]): void;
  /** Finished spans for the page's `agent.onSpan` listeners; absent when nobody on the page can listen. */
  spans?(spans: TraceSpan[]): void;
}

/** Spans that may wait while the exporter's chunk loads; more are dropped and counted. */
const MAX_WAITING = 1_000;

/** One collector's export: loading (spans wait), then ready. `key`: its options' JSON. */
interface Export {
  key: string;
  ready?: OtlpExport;
  waiting: TraceSpan[];
  /** Spans dropped while `waiting` was full: counted once the export is made. */
  overflow: number;
}

/** Hands each finished span to the page and the collector. */
export class SpanOutlet {
  readonly #settings: () => { telemetry?: TelemetryOptions };
  readonly #host: SpanOutletHost;
  #forPage: TraceSpan[] | undefined;
  /** The page listens (`agent.onSpan`): spans are gathered for it only then. */
  #watching = true;
  /** The export for the options as last seen. */
  #export: Export | undefined;

  constructor(settings: () => { telemetry?: TelemetryOptions }, host: SpanOutletHost) {
    this.#settings = settings;
    this.#host = host;
  }

  /** Starts (or stops) handing spans to the page; a worker starts stopped, until the page listens. */
  watch(on: boolean): void {
    this.#watching = on;
  }

  /** A span ended (its attributes are final). */
  closed(span: TraceSpan): void {
    if (this.#watching && this.#host.spans) this.#toPage(span);
    const otlp = this.#settings().telemetry?.otlp;
    if (otlp) this.#toCollector(otlp, span);
    else if (this.#export) this.#stop();
  }

  /** Sends what waits for the collector now (a test, or a worker about to close). */
  async flush(): Promise<void> {
    await this.#export?.ready?.flush();
  }

  #toPage(span: TraceSpan): void {
    if (this.#forPage) {
      this.#forPage.push(span);
      return;
    }
    this.#forPage = [span];
    queueMicrotask(() => {
      const spans = this.#forPage!;
      this.#forPage = undefined;
      // The page may be gone; a span it misses is no run's failure.
      void Promise.resolve(this.#host.spans?.(spans)).catch(() => {});
    });
  }

  #toCollector(options: OtlpOptions, span: TraceSpan): void {
    const key = JSON.stringify(options);
    if (this.#export?.key !== key) this.#start(options, key);
    const current = this.#export!;
    if (current.ready) current.ready.add(span);
    else if (current.waiting.length < MAX_WAITING) current.waiting.push(span);
    else current.overflow++;
  }

  /** Loads the exporter for `options` (the old one, if the options changed, sends what it holds and stops). */
  #start(options: OtlpOptions, key: string): void {
    this.#stop();
    const current: Export = { key, waiting: [], overflow: 0 };
    this.#export = current;
    const failed = (counts: { exported: number; dropped: number }, error: string) => this.#host.emit([{ type: 'telemetry', ...counts, error }]);
    import('../../telemetry/otlp-export.js')
      .then(({ OtlpExport }) => OtlpExport.create(options, failed))
      .then((made) => {
        if (this.#export !== current) return void made.shutdown();
        current.ready = made;
        if (current.overflow > 0) made.lost(current.overflow, `more than ${MAX_WAITING} spans ended while the exporter loaded`);
        for (const span of current.waiting.splice(0)) made.add(span);
      })
      .catch((err: unknown) => {
        // The exporter could not be made (its chunk failed to load): the spans are dropped, and said so.
        const dropped = current.waiting.length + current.overflow;
        current.waiting = [];
        if (this.#export === current) this.#export = undefined;
        failed({ exported: 0, dropped }, `the OTLP exporter could not be loaded: ${err instanceof Error ? err.message : String(err)}`);
      });
  }

  #stop(): void {
    void this.#export?.ready?.shutdown();
    this.#export = undefined;
  }
}
