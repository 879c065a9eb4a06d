/**
 * The flight recorder's data: spans shaped after the OpenTelemetry GenAI
 * semantic conventions — one `invoke_agent` span per run, a `chat` span per
 * model request and an `execute_tool` span per tool call under it, a
 * sub-agent's `invoke_agent` under the `dispatch_agent` call that started it —
 * with attribute names from those conventions (`gen_ai.operation.name`,
 * `gen_ai.request.model`, `gen_ai.usage.input_tokens`, …) and pageloop's own
 * under `pageloop.*`. Plain data that survives structured cloning and JSON
 * (it is stored with the thread and written into the thread file).
 * Re-exported by `src/types.ts`.
 */

/** A span attribute's value, as OpenTelemetry allows it. */
export type TraceValue = string | number | boolean | string[];

/** Something that happened at one moment of a span (a retry, a fold, an approval). */
export interface TraceSpanEvent {
  name: string;
  /** Milliseconds since the epoch (fractional). */
  time: number;
  attributes?: Record<string, TraceValue>;
}

/** One span: a run, a model request or a tool call. */
export interface TraceSpan {
  /** 32 hex digits: the same for every span of one run (sub-agents included). */
  traceId: string;
  /** 16 hex digits. */
  spanId: string;
  /** The span this one is nested in; absent for a run's `invoke_agent`. */
  parentSpanId?: string;
  /** `invoke_agent`, `chat {model}` or `execute_tool {tool}`, as the conventions name them. */
  name: string;
  /** The page's run id (the same on every span of the run). */
  runId: string;
  /** Milliseconds since the epoch (fractional). */
  startTime: number;
  /** Absent while the span is still open. */
  endTime?: number;
  /** `error` with `error.type` among the attributes; `unset` otherwise, as OpenTelemetry leaves a span that did not fail. */
  status: 'unset' | 'error';
  attributes: Record<string, TraceValue>;
  events: TraceSpanEvent[];
}

/** A thread's trace: its spans, oldest first, and how many older ones were dropped to keep it within its size cap. */
export interface ThreadTrace {
  spans: TraceSpan[];
  /** Spans dropped (oldest first) because the trace outgrew `trace.maxBytes`. */
  dropped: number;
}

/**
 * What changed in a thread's trace since the thread's last write, as the
 * store keeps it: one row per span, keyed by the span's number `n` in the
 * thread's trace (numbers grow in the order spans open, so the store's key
 * order is the trace's order). A write carries only these rows, not the
 * whole trace, and the writer's followers apply the same change.
 */
export interface TraceChange {
  /** Spans opened or ended since (an open one as a copy: it goes on changing), with their numbers; with `gone: 'all'`, every span kept. */
  put: { n: number; span: TraceSpan }[];
  /** Numbers of the spans dropped since (the size cap), or `'all'`: the stored trace is replaced by `put`. */
  gone: number[] | 'all';
  /** `ThreadTrace.dropped` now. */
  dropped: number;
}

/** Option `trace` of `createAgent`. */
export interface TraceOptions {
  /** Record spans at all; default true. */
  enabled?: boolean;
  /**
   * Also record content: the user's input, the replies, tool arguments and
   * results (`gen_ai.input.messages`, `gen_ai.output.messages`,
   * `gen_ai.tool.call.arguments`, `gen_ai.tool.call.result`). Default false:
   * a trace then holds timings, sizes and names only. API keys are never recorded.
   */
  content?: boolean;
  /** Size cap of one thread's trace, in bytes of JSON; default 262144 (256 KiB). Oldest spans go first. */
  maxBytes?: number;
}

/** Where option `telemetry.otlp` sends the spans: an OTLP/HTTP collector. */
export interface OtlpOptions {
  /** The collector's traces URL, e.g. `http://localhost:4318/v1/traces` (a relative URL is the page's). It must answer CORS: see the README. */
  url: string;
  /** Sent with every export request, e.g. an authorization header. They make each request CORS-preflighted. */
  headers?: Record<string, string>;
  /** `json` (default) or `protobuf`, as OTLP/HTTP carries them. */
  protocol?: 'json' | 'protobuf';
  /** `service.name` of the spans' resource; default `pageloop`. */
  serviceName?: string;
  /** How long one batch may take, retries included, before it is dropped (and counted); default 10000 ms. */
  timeoutMs?: number;
  /** How many finished spans may wait for the collector (the SDK's `maxQueueSize`); more are dropped and counted in a `telemetry` event. Default 2048. */
  maxQueueSize?: number;
}

/** Option `telemetry` of `createAgent`: where the recorded spans go besides the thread. */
export interface TelemetryOptions {
  /** Send every finished span to an OpenTelemetry collector over OTLP/HTTP, from the worker, batched per run. */
  otlp?: OtlpOptions;
}
