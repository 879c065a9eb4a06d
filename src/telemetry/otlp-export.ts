/**
 * Option `telemetry.otlp`: finished spans, sent to an OpenTelemetry collector
 * over OTLP/HTTP by the official SDK — its `BatchSpanProcessor` (batches, a
 * timer) and OTLP exporter (JSON, or protobuf; retries of failed connections,
 * 429 and 5xx with backoff, within `timeoutMs`). Runs in the agent's worker
 * and is loaded there on the first span to send (a lazy chunk: `telemetry`
 * in the bundle figures); the protobuf exporter is a further chunk of its own.
 *
 * The run never waits for it: spans are handed over as they end and sent in
 * the background. A batch that fails is dropped, counted, and reported
 * through `failed` (the worker tells the page a `telemetry` event); so is a
 * span that finds the queue full (the SDK would drop it with no more than a
 * log line, so the queue's bound is kept here, where the count is known).
 */
import { BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { OtlpOptions, TraceSpan } from '../trace-types.js';
import { serviceResource, toReadableSpan } from './otel-span.js';

/** Default time one batch may take, retries included. */
export const DEFAULT_OTLP_TIMEOUT_MS = 10_000;
/** How long a span waits for its batch when no run ends first. */
const BATCH_DELAY_MS = 2_000;
/** Spans that may wait for the collector by default (the SDK's own default). */
export const DEFAULT_OTLP_MAX_QUEUE = 2_048;

/** What happened to the spans handed over so far. */
export interface OtlpCounts {
  exported: number;
  dropped: number;
}

/** Sends finished spans to one collector. */
export class OtlpExport {
  readonly options: OtlpOptions;
  readonly #processor: BatchSpanProcessor;
  readonly #resource;
  readonly counts: OtlpCounts = { exported: 0, dropped: 0 };
  readonly #failed: (counts: OtlpCounts, error: string) => void;
  readonly #maxQueue: number;
  /** Spans handed to the processor and not yet taken into a batch: its queue, as counted here. */
  #queued = 0;
  /** Spans dropped since the last report, and why (one report per burst, not one per span). */
  #unreported: { count: number; why: string } | undefined;

  private constructor(options: OtlpOptions, exporter: SpanExporter, failed: (counts: OtlpCounts, error: string) => void) {
    this.options = options;
    this.#failed = failed;
    this.#resource = serviceResource(options.serviceName);
    const timeout = options.timeoutMs ?? DEFAULT_OTLP_TIMEOUT_MS;
    this.#maxQueue = options.maxQueueSize ?? DEFAULT_OTLP_MAX_QUEUE;
    const counting: SpanExporter = {
      export: (spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]) => {
        // The processor takes a batch out of its queue and hands it here in the same turn.
        this.#queued -= spans.length;
        exporter.export(spans, (result) => {
          // 0: ExportResultCode.SUCCESS.
          if (result.code === 0) this.counts.exported += spans.length;
          else {
            this.counts.dropped += spans.length;
            failed({ ...this.counts }, result.error?.message ?? 'the collector did not take the spans');
          }
          done(result);
        });
      },
      shutdown: () => exporter.shutdown(),
      forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
    };
    this.#processor = new BatchSpanProcessor(counting, { scheduledDelayMillis: BATCH_DELAY_MS, exportTimeoutMillis: timeout + 1_000, maxQueueSize: this.#maxQueue });
  }

  /** An export to the collector `options` names; `failed` hears of each batch dropped. */
  static async create(options: OtlpOptions, failed: (counts: OtlpCounts, error: string) => void): Promise<OtlpExport> {
    const config = { url: new URL(options.url, self.location.href).href, headers: options.headers, timeoutMillis: options.timeoutMs ?? DEFAULT_OTLP_TIMEOUT_MS };
    const exporter = options.protocol === 'protobuf' ? new (await import('./otlp-protobuf.js')).OTLPTraceExporter(config) : new OTLPTraceExporter(config);
    return new OtlpExport(options, exporter, failed);
  }

  /** Queues a finished span (or drops and counts it, when `maxQueueSize` spans already wait); a run's last span (its `invoke_agent`) sends the batch at once. */
  add(span: TraceSpan): void {
    if (this.#queued < this.#maxQueue) {
      this.#queued++;
      this.#processor.onEnd(toReadableSpan(span, this.#resource));
    } else this.lost(1, `the export queue was full (${this.#maxQueue} spans waiting for the collector, option telemetry.otlp.maxQueueSize)`);
    if (span.parentSpanId === undefined) this.flush();
  }

  /** Counts spans dropped before they reached the SDK, and reports them once the burst is over (a `telemetry` event). */
  lost(count: number, why: string): void {
    this.counts.dropped += count;
    if (this.#unreported) {
      this.#unreported.count += count;
      return;
    }
    this.#unreported = { count, why };
    setTimeout(() => {
      const { count: dropped, why: reason } = this.#unreported!;
      this.#unreported = undefined;
      this.#failed({ ...this.counts }, `${dropped} span${dropped === 1 ? '' : 's'} dropped: ${reason}`);
    });
  }

  /** Sends what is queued now; never rejects (a failure is counted). */
  flush(): Promise<void> {
    return this.#processor.forceFlush().catch(() => {});
  }

  /** Sends what is queued, then stops. */
  shutdown(): Promise<void> {
    return this.#processor.shutdown().catch(() => {});
  }
}
