/**
 * Undo: the user takes back finished calls — one (`agent.undo(callId)`) or a
 * whole run's, last first (`agent.undoRun(runId)`). Each call is found in the
 * thread's events (what it ran with, `tool-start`'s edited arguments
 * included, and its stored result), the approval policy says whether it is
 * run, skipped or refused (the user is the one asking: no approval), and the
 * page runs the tool's `undo` (`PageHost.undoTool`).
 *
 * Invariants:
 * - nothing runs unless every call asked for may be undone: a refused call
 *   (unknown, not finished, undone already, a tool without `undo`) rejects
 *   the whole request with `not-undoable` before any `undo` runs;
 * - calls are tried one at a time, in order, and an Undo all stops at the
 *   first that fails: the `undone` event (ONE per request, stored) lists
 *   each call tried, and which failed and why; the trace records the
 *   request as one span with a child per call tried (trace/undo-spans.ts);
 * - the history stays valid: every call keeps its one result; the model
 *   learns of the undo from a note (`undoNote`), a user-role message that
 *   joins a user message next to it (history.ts), so roles still alternate
 *   for strict chat templates — it is a fact the model must not miss at the
 *   next request, and a note for one request only (run-part.ts) would be
 *   forgotten at the one after.
 */
import type { AgentEvent, ChatMessage, ToolResultStatus, UndoOutcome, UndoneCall } from '../types.js';
import { PageloopError } from '../errors.js';
import type { PageHost, ToolDescriptor } from '../protocol/agent.js';
import type { ApprovalPolicy, ToolRegistry } from './calls/index.js';
import { appendNote } from './history.js';
import { traceNow, type UndoTrace, type UndoTraceCall } from './trace/index.js';

/** A finished (or not) call as the thread's events tell it. */
export interface CallRecord {
  callId: string;
  name: string;
  /** The arguments it ran with (the user's edit, when they edited them). */
  args: unknown;
  /** The run it belongs to (absent for a browser agent's or an MCP App's call). */
  runId?: string;
  status?: ToolResultStatus;
  result?: unknown;
  undone: boolean;
}

/** What an undo needs of the session. */
export interface UndoContext {
  events: readonly AgentEvent[];
  registry: Pick<ToolRegistry, 'get' | 'rule'>;
  policy: Pick<ApprovalPolicy, 'decideUndo'>;
  host: Pick<PageHost, 'undoTool'>;
  history: ChatMessage[];
  emit(event: AgentEvent): void;
  /** The thread's flight recorder, which records each undo (trace/undo-spans.ts). */
  trace?: { undone(undo: UndoTrace): void };
  /** The history changed: store it. */
  changed(): void;
}

/** Every call of the thread's events by id, in the order they were made (built-ins and sub-agents' calls left out). */
export function callRecords(events: readonly AgentEvent[]): Map<string, CallRecord> {
  const calls = new Map<string, CallRecord>();
  let runId: string | undefined;
  for (const event of events) {
    switch (event.type) {
      case 'run-start':
        runId = event.runId;
        break;
      case 'final':
        runId = undefined;
        break;
      case 'tool-call':
        if (event.builtin) break;
        calls.set(event.callId, { callId: event.callId, name: event.name, args: event.args, ...(event.requestedBy || !runId ? {} : { runId }), undone: false });
        break;
      case 'tool-start': {
        const call = calls.get(event.callId);
        if (call && event.editedArgs !== undefined) call.args = event.editedArgs;
        break;
      }
      case 'tool-result': {
        const call = calls.get(event.callId);
        if (call) Object.assign(call, { status: event.status, result: event.result });
        break;
      }
      case 'undone':
        for (const u of event.calls) {
          const call = calls.get(u.callId);
          if (call && u.status === 'undone') call.undone = true;
        }
        break;
    }
  }
  return calls;
}

/** Call `callId`, checked: it may be undone now. Throws `not-undoable`, saying why, otherwise. */
export function undoableCall(ctx: Pick<UndoContext, 'events' | 'registry' | 'policy'>, callId: string): CallRecord {
  const call = callRecords(ctx.events).get(callId);
  if (!call) throw notUndoable(`No call "${callId}" is in this conversation.`);
  const why = refusal(ctx, call);
  if (why) throw notUndoable(why);
  if (ctx.policy.decideUndo(ruleOf(ctx, call.name)) === 'skip') throw notUndoable(`The call to "${call.name}" only read the page; there is nothing to undo.`);
  return call;
}

/** The calls of run `runId` to undo, last first (calls that changed nothing, or only read, left out). Throws `not-undoable` when one of them cannot be. */
export function undoableRun(ctx: Pick<UndoContext, 'events' | 'registry' | 'policy'>, runId: string): CallRecord[] {
  const all = [...callRecords(ctx.events).values()].filter((c) => c.runId === runId);
  if (!ctx.events.some((e) => e.type === 'run-start' && e.runId === runId)) throw notUndoable(`No run "${runId}" is in this conversation.`);
  // Calls that ended otherwise (denied, failed, cancelled) changed nothing to take back; calls undone already are taken back.
  const done = all.filter((c) => c.status === 'ok' && !c.undone);
  const picked: CallRecord[] = [];
  for (const call of done) {
    const why = refusal(ctx, call);
    if (why) throw notUndoable(`The run cannot be undone as a whole: ${why}`);
    if (ctx.policy.decideUndo(ruleOf(ctx, call.name)) === 'run') picked.push(call);
  }
  if (picked.length === 0) throw notUndoable('Nothing in this run is left to undo.');
  return picked.reverse();
}

/** Undoes `calls` in order, stopping at the first failure; emits one `undone` event, tells the model, and resolves with the outcome. */
export async function undoCalls(ctx: UndoContext, calls: readonly CallRecord[], runId?: string): Promise<UndoOutcome> {
  const tried: UndoneCall[] = [];
  const timed: UndoTraceCall[] = [];
  const startTime = traceNow();
  for (const call of calls) {
    const callStart = traceNow();
    const outcome = ctx.host.undoTool
      ? await ctx.host.undoTool(call.name, call.args, call.result, call.callId).catch((err: unknown) => ({ status: 'error' as const, error: err instanceof Error ? err.message : String(err) }))
      : { status: 'error' as const, error: 'This agent has no page to undo the call on.' };
    const done: UndoneCall = outcome.status === 'ok' ? { callId: call.callId, name: call.name, status: 'undone' } : { callId: call.callId, name: call.name, status: 'failed', error: outcome.error };
    tried.push(done);
    timed.push({ ...done, ...(call.runId !== undefined ? { runId: call.runId } : {}), startTime: callStart, endTime: traceNow() });
    if (done.status === 'failed') break;
  }
  ctx.trace?.undone({ ...(runId !== undefined ? { runId } : {}), asked: calls.length, startTime, endTime: traceNow(), calls: timed });
  ctx.emit({ type: 'undone', ...(runId !== undefined ? { runId } : {}), calls: tried });
  // The model hears only of its own calls (a browser agent's never entered its history).
  const known = new Set(ctx.history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : [])));
  const note = undoNote(tried.filter((u) => known.has(u.callId)), calls);
  if (note) {
    appendNote(ctx.history, note);
    ctx.changed();
  }
  return { ok: tried.every((u) => u.status === 'undone'), calls: tried };
}

/** The note the model reads: what the user took back, and what could not be; undefined when none of its calls were tried. */
export function undoNote(tried: readonly UndoneCall[], calls: readonly CallRecord[]): string | undefined {
  if (tried.length === 0) return undefined;
  const args = new Map(calls.map((c) => [c.callId, c.args]));
  const line = (u: UndoneCall) => `- ${u.name} ${clipped(args.get(u.callId))} (call ${u.callId})${u.status === 'failed' ? ` — could not be undone: ${u.error ?? 'it failed'}` : ''}`;
  const undone = tried.filter((u) => u.status === 'undone');
  const failed = tried.filter((u) => u.status === 'failed');
  const parts = ['The user pressed Undo.'];
  if (undone.length > 0) parts.push(`These tool calls of yours were taken back; what they did no longer stands:\n${undone.map(line).join('\n')}`);
  if (failed.length > 0) parts.push(`This one could not be taken back, so what it did still stands:\n${failed.map(line).join('\n')}`);
  return parts.join('\n');
}

/** Why `call` cannot be undone now, or undefined when it can (the policy still decides between run and skip). */
function refusal(ctx: Pick<UndoContext, 'registry' | 'policy'>, call: CallRecord): string | undefined {
  if (call.status !== 'ok') return `the call to "${call.name}" did not finish${call.status ? ` (it ended ${call.status})` : ''}, so it changed nothing to undo.`;
  if (call.undone) return `the call to "${call.name}" was undone already.`;
  if (!ctx.registry.get(call.name)) return `the agent no longer has the tool "${call.name}".`;
  if (ctx.policy.decideUndo(ruleOf(ctx, call.name)) === 'refuse') return `"${call.name}" cannot be undone (its tool declares no undo).`;
  return undefined;
}

/** What the policy reads of tool `name` for an undo (the tool exists). */
function ruleOf(ctx: Pick<UndoContext, 'registry'>, name: string): ReturnType<ToolRegistry['rule']> & Pick<ToolDescriptor, 'undoable' | 'readOnly'> {
  const tool = ctx.registry.get(name)!;
  return { ...ctx.registry.rule(name), ...(tool.undoable ? { undoable: true } : {}), ...(tool.readOnly ? { readOnly: true } : {}) };
}

function notUndoable(message: string): PageloopError {
  return new PageloopError('not-undoable', message);
}

/** Arguments as a short line of JSON. */
function clipped(args: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(args) ?? '';
  } catch {
    text = String(args);
  }
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
