/**
 * The spans of one undo (`agent.undo(callId)`, `agent.undoRun(runId)`), for
 * the thread's recorder (trace-recorder.ts `undone`): a `pageloop.undo` span
 * for the request and, under it, an `undo_tool {tool}` span per call tried,
 * each with the tool, the call id and its outcome. An Undo all is one
 * request: one `pageloop.undo` span whose children are its calls, last call
 * first, as they were taken back.
 *
 * Invariants:
 * - the spans carry the run the undone calls belong to (`runId`), so
 *   `agent.trace(runId)` shows what was taken back of that run;
 * - an undo runs outside any run: its spans start a trace of their own (a
 *   new trace id), and end when they are made (the undo is over);
 * - why a call could not be undone is the tool's own words, which may quote
 *   the page: recorded only with `trace.content`, like tool results.
 */
import type { TraceSpan } from '../../trace-types.js';
import { randomHex } from './trace-run.js';

/** One call an undo tried, with when it ran. */
export interface UndoTraceCall {
  callId: string;
  name: string;
  /** The run the call was made in (absent for a browser agent's or an MCP App's call). */
  runId?: string;
  status: 'undone' | 'failed';
  error?: string;
  startTime: number;
  endTime: number;
}

/** One undo request as the recorder takes it. */
export interface UndoTrace {
  /** The run undone as a whole (`undoRun`); absent for one call. */
  runId?: string;
  /** How many calls the request meant to take back (an Undo all that stopped tried fewer). */
  asked: number;
  startTime: number;
  endTime: number;
  calls: UndoTraceCall[];
}

/** The request's span first, then its calls' (each ended). */
export function undoSpans(undo: UndoTrace, content: boolean): TraceSpan[] {
  const traceId = randomHex(16);
  const base = randomHex(4);
  let n = 0;
  const id = () => base + (++n).toString(16).padStart(8, '0');
  const runId = undo.runId ?? undo.calls.find((c) => c.runId !== undefined)?.runId ?? '';
  const failed = undo.calls.find((c) => c.status === 'failed');
  const root: TraceSpan = {
    traceId,
    spanId: id(),
    name: 'pageloop.undo',
    runId,
    startTime: undo.startTime,
    endTime: undo.endTime,
    status: failed ? 'error' : 'unset',
    attributes: {
      'pageloop.undo.scope': undo.runId !== undefined ? 'run' : 'call',
      'pageloop.undo.outcome': failed ? 'failed' : 'undone',
      'pageloop.undo.calls_asked': undo.asked,
      'pageloop.undo.calls_undone': undo.calls.filter((c) => c.status === 'undone').length,
      ...(runId ? { 'pageloop.run_id': runId } : {}),
      ...(failed ? { 'error.type': 'undo_failed' } : {}),
    },
    events: [],
  };
  const children = undo.calls.map(
    (call): TraceSpan => ({
      traceId,
      spanId: id(),
      parentSpanId: root.spanId,
      name: `undo_tool ${call.name}`,
      runId: call.runId ?? runId,
      startTime: call.startTime,
      endTime: call.endTime,
      status: call.status === 'failed' ? 'error' : 'unset',
      attributes: {
        'gen_ai.tool.name': call.name,
        'gen_ai.tool.call.id': call.callId,
        'pageloop.undo.outcome': call.status,
        ...(call.status === 'failed' ? { 'error.type': 'undo_failed' } : {}),
        ...(call.status === 'failed' && content && call.error ? { 'pageloop.undo.error': call.error } : {}),
      },
      events: [],
    }),
  );
  return [root, ...children];
}
