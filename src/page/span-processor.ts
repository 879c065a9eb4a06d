/**
 * The span-processor hook: pageloop's spans into an app's own OpenTelemetry
 * setup on the page. `agent.onSpan(spanProcessorListener(processor))` hands
 * each finished span, as an OpenTelemetry `ReadableSpan`, to the app's span
 * processor (a `BatchSpanProcessor` with its exporter, or any processor of
 * its tracer provider), so pageloop's runs go wherever the app's spans go.
 * The converter (src/telemetry/otel-span.ts) loads when this is first called.
 */
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { TraceSpan } from '../trace-types.js';

/** What the hook needs of a span processor: where finished spans go. */
export interface FinishedSpanProcessor {
  onEnd(span: ReadableSpan): void;
}

/** Options of `spanProcessorListener`. */
export interface SpanProcessorListenerOptions {
  /** The spans' resource: usually the app's own (the one its tracer provider was made with). Default: `service.name` `serviceName`. */
  resource?: Resource;
  /** `service.name` when no `resource` is given; default `pageloop`. */
  serviceName?: string;
}

/**
 * A listener for `agent.onSpan` that gives each finished span to `processor`
 * as an OpenTelemetry `ReadableSpan` (ids, parent, times, attributes, events
 * and status as recorded). Only `onEnd` is called: the spans arrive finished.
 * Spans that end while the converter loads wait for it, in order.
 *
 * @example
 * const processor = new BatchSpanProcessor(new OTLPTraceExporter({ url: '/v1/traces' }));
 * agent.onSpan(spanProcessorListener(processor, { resource: myResource }));
 */
export function spanProcessorListener(processor: FinishedSpanProcessor, options: SpanProcessorListenerOptions = {}): (span: TraceSpan) => void {
  if (typeof processor?.onEnd !== 'function') throw new TypeError('spanProcessorListener(processor) needs a span processor (an object with onEnd(span)).');
  let give: ((span: TraceSpan) => void) | undefined;
  const waiting: TraceSpan[] = [];
  void import('../telemetry/otel-span.js').then(({ serviceResource, toReadableSpan }) => {
    const resource = options.resource ?? serviceResource(options.serviceName);
    give = (span) => processor.onEnd(toReadableSpan(span, resource));
    for (const span of waiting.splice(0)) give(span);
  });
  return (span) => (give ? give(span) : void waiting.push(span));
}
