/**
 * pageloop's recorded spans (src/trace-types.ts) as OpenTelemetry's own
 * `ReadableSpan`s — the objects an SDK span processor and exporter take — so
 * the official exporters (src/telemetry/otlp-export.ts, in the worker) and an
 * app's own tracer provider on the page (`spanProcessorListener`) handle them
 * as spans they made themselves: the same ids and parent links, times as
 * `HrTime`, attributes, events and status.
 *
 * Loaded on first use only (it brings @opentelemetry/resources): a lazy chunk
 * of its own, counted apart in the bundle figures (`telemetry`).
 */
import { SpanKind, SpanStatusCode, TraceFlags, type HrTime, type SpanContext } from '@opentelemetry/api';
import { resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { TraceSpan } from '../trace-types.js';

/** The instrumentation scope of every span: the library that recorded it. */
const SCOPE = { name: 'pageloop' } as const;

/** A resource naming the service the spans come from. */
export function serviceResource(serviceName = 'pageloop'): Resource {
  return resourceFromAttributes({ 'service.name': serviceName, 'telemetry.sdk.name': 'pageloop', 'telemetry.sdk.language': 'webjs' });
}

/** Milliseconds since the epoch (fractional) as `[seconds, nanoseconds]`. */
export function toHrTime(ms: number): HrTime {
  const seconds = Math.floor(ms / 1000);
  const nanos = Math.round((ms - seconds * 1000) * 1e6);
  // Rounding can reach a whole second.
  return nanos >= 1e9 ? [seconds + 1, nanos - 1e9] : [seconds, nanos];
}

/**
 * A finished span as an OpenTelemetry `ReadableSpan` of `resource`.
 * `chat` spans are of kind CLIENT (a request to a model server, as the GenAI
 * conventions have them); runs and tool calls, done in the page, INTERNAL.
 * Both `parentSpanContext` (SDK 2.x) and `parentSpanId` (SDK 1.x) are set, so
 * an app's processor of either generation finds the parent.
 */
export function toReadableSpan(span: TraceSpan, resource: Resource): ReadableSpan {
  if (span.endTime === undefined) throw new TypeError(`The span "${span.name}" has not ended: only finished spans can be exported.`);
  const context: SpanContext = { traceId: span.traceId, spanId: span.spanId, traceFlags: TraceFlags.SAMPLED, isRemote: false };
  const parent: SpanContext | undefined = span.parentSpanId === undefined ? undefined : { traceId: span.traceId, spanId: span.parentSpanId, traceFlags: TraceFlags.SAMPLED, isRemote: false };
  const errorType = span.attributes['error.type'];
  const readable: ReadableSpan & { parentSpanId?: string; instrumentationLibrary: typeof SCOPE } = {
    name: span.name,
    kind: span.attributes['gen_ai.operation.name'] === 'chat' ? SpanKind.CLIENT : SpanKind.INTERNAL,
    spanContext: () => context,
    parentSpanContext: parent,
    parentSpanId: span.parentSpanId,
    startTime: toHrTime(span.startTime),
    endTime: toHrTime(span.endTime),
    duration: toHrTime(span.endTime - span.startTime),
    status: span.status === 'error' ? { code: SpanStatusCode.ERROR, message: typeof errorType === 'string' ? errorType : 'error' } : { code: SpanStatusCode.UNSET },
    // Copies: the recorder's objects stay its own.
    attributes: { ...span.attributes },
    events: span.events.map((event) => ({ name: event.name, time: toHrTime(event.time), attributes: { ...event.attributes }, droppedAttributesCount: 0 })),
    links: [],
    ended: true,
    resource,
    instrumentationScope: SCOPE,
    instrumentationLibrary: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
  return readable;
}
