/**
 * The official OTLP/HTTP protobuf trace exporter, in a chunk of its own: only
 * `telemetry: { otlp: { protocol: 'protobuf' } }` loads it (otlp-export.ts).
 */
export { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
