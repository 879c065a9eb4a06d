export { SpanOutlet } from './span-outlet.js';
export { TraceRecorder } from './trace-recorder.js';
export { traceNow } from './trace-run.js';
export type { UndoTrace, UndoTraceCall } from './undo-spans.js';
