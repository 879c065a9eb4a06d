/**
 * A run the page died in (reload, closed tab, crashed worker), found again
 * in a loaded thread, and the way to finish it honestly.
 *
 * A stored run without a `final` event was interrupted. Where it stood is
 * read from its events: text streamed after the last written assistant
 * message is the cut-off reply; the calls of the last assistant message that
 * have no `tool` message yet are its open calls, each `settled` (its result
 * event was stored), `running` (started, no result), `awaiting-approval` or
 * `queued` (neither). The invariants:
 * - a call that was running is never run again silently: it is answered
 *   `interrupted` (it may or may not have taken effect), unless its tool is
 *   idempotent, in which case a resume runs it again (so is a read-only
 *   sub-agent's `dispatch_agent`, with option `subAgents`);
 * - a call waiting for approval keeps waiting: answering it resumes the run
 *   where it stopped, and the model is not asked again for that turn;
 * - every open call gets exactly one result before the model is asked again.
 *
 * A remote AG-UI agent's interrupt (option `agui`) waits as an open call of
 * its own, found from its `tool-call` event (it is never in the history):
 * answering it resumes the run, whose remote loop sends the answer as the
 * interrupt's `resume` entry; giving the run up answers it `cancelled`.
 */
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, FinalEvent } from '../../types.js';
import type { ToolCall } from '../../model/loop-door.js';
import { DISPATCH_TOOL_NAME, isBuiltinTool, readBuiltinCall, type BuiltinOutcome } from '../calls/index.js';
import { executeCalls, interruptAnswer, settleAnswered, type TurnContext } from '../calls/index.js';
import type { SubAgentDispatch } from '../loop-parts.js';
import { resultEvent, settled, withEditedArgs, type SettledCall } from '../calls/index.js';
import { recordEditedArgs } from '../history.js';

type ResultEvent = Extract<AgentEvent, { type: 'tool-result' }>;

/** One call of the interrupted turn without a result in the history. */
export interface OpenCall {
  call: ToolCall;
  state: 'settled' | 'running' | 'awaiting-approval' | 'awaiting-input' | 'queued';
  /** For `settled`: the stored result. */
  result?: ResultEvent;
  /** For `awaiting-approval`: what the user was asked. */
  request?: ApprovalRequest;
  /** The arguments the user edited the call to before it started (its `tool-start` says so); `call` carries them. */
  editedArgs?: unknown;
  /**
   * A remote agent's interrupt (its result is the answer the run resumes
   * with, nothing runs): `call` about this call of the history (whose result
   * the answer also is), `own` one that concerns no call (never in the history).
   */
  interrupt?: 'call' | 'own';
}

/** Where an interrupted run stood. */
export interface Interruption {
  runId: string;
  /** Text streamed in the last turn that never reached the history. */
  partial: string;
  /** Open calls, in call order. */
  calls: OpenCall[];
}

/** The interrupted run at the end of a thread, if its last run has no final event. */
export function findInterruption(history: readonly ChatMessage[], events: readonly AgentEvent[]): Interruption | undefined {
  let start = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'final') return undefined;
    if (e.type === 'run-start') {
      start = i;
      break;
    }
  }
  if (start < 0) return undefined;
  const run = events.slice(start);
  const runId = (run[0] as Extract<AgentEvent, { type: 'run-start' }>).runId;

  const answered = new Set(history.flatMap((m) => (m.role === 'tool' ? [m.tool_call_id] : [])));
  const last = [...history].reverse().find((m) => m.role === 'assistant');
  const open = last?.role === 'assistant' ? (last.tool_calls ?? []).filter((c) => !answered.has(c.id)) : [];
  const calls: OpenCall[] = open.map((c) => {
    let call: ToolCall;
    try {
      call = { id: c.id, name: c.function.name, args: c.function.arguments.trim() === '' ? {} : JSON.parse(c.function.arguments) };
    } catch {
      call = { id: c.id, name: c.function.name, error: 'The arguments were not valid JSON.' };
    }
    // A call the user edited started with other arguments than the history's: those are the ones that ran.
    const start = run.find((e): e is Extract<AgentEvent, { type: 'tool-start' }> => e.type === 'tool-start' && e.callId === c.id);
    const edited = start?.editedArgs !== undefined ? { editedArgs: start.editedArgs } : {};
    if (edited.editedArgs !== undefined) call = { id: c.id, name: c.function.name, args: edited.editedArgs };
    const result = run.find((e): e is ResultEvent => e.type === 'tool-result' && e.callId === c.id);
    if (result) return { call, state: 'settled', result, ...edited };
    if (start) return { call, state: 'running', ...edited };
    if (run.some((e) => e.type === 'input-request' && e.callId === c.id)) return { call, state: 'awaiting-input' };
    const request = run.flatMap((e) => (e.type === 'approval-request' ? e.requests : [])).find((r) => r.callId === c.id);
    return request ? { call, state: 'awaiting-approval', request, ...(request.interrupt ? { interrupt: 'call' as const } : {}) } : { call, state: 'queued' };
  });

  calls.push(...openInterrupts(run));

  // Text after the last turn's start that no assistant message holds: the reply was cut off mid-stream.
  let partial = '';
  if (calls.length === 0) {
    const turn = run.slice(run.map((e) => e.type).lastIndexOf('iteration') + 1);
    const text = turn.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    const written = history.at(-1)?.role === 'assistant' && history.at(-1)!.content === text;
    if (!written && !turn.some((e) => e.type === 'tool-call')) partial = text;
  }
  return { runId, partial, calls };
}

/** The interrupts of a remote agent the run waits on, as open calls: those announced and not answered. */
function openInterrupts(run: readonly AgentEvent[]): OpenCall[] {
  const answered = new Set(run.flatMap((e) => (e.type === 'tool-result' ? [e.callId] : [])));
  return run.flatMap((e): OpenCall[] => {
    if (e.type !== 'tool-call' || !e.interrupt || answered.has(e.callId)) return [];
    const call: ToolCall = { id: e.callId, name: e.name, args: e.args };
    if (run.some((r) => r.type === 'input-request' && r.callId === e.callId)) return [{ call, state: 'awaiting-input', interrupt: 'own' }];
    const request = run.flatMap((r) => (r.type === 'approval-request' ? r.requests : [])).find((r) => r.callId === e.callId);
    return [request ? { call, state: 'awaiting-approval', request, interrupt: 'own' } : { call, state: 'queued', interrupt: 'own' }];
  });
}

/** The approval requests an interruption waits on. */
export function waitingApprovals(interruption: Interruption | undefined): ApprovalRequest[] {
  return (interruption?.calls ?? []).flatMap((c) => (c.state === 'awaiting-approval' && c.request ? [c.request] : []));
}

/** True when the interrupted run waits for the user: an approval, or the answer of a tool that waits for one. */
export function waitsForUser(interruption: Interruption | undefined): boolean {
  return (interruption?.calls ?? []).some((c) => c.state === 'awaiting-approval' || c.state === 'awaiting-input');
}

/** A settled call from its stored result event (and the arguments the user edited it to, if any). */
function fromEvent(e: ResultEvent, editedArgs?: unknown): SettledCall {
  const result = settled(e.callId, e.name, e.status, { result: e.result, error: e.error });
  return editedArgs === undefined ? result : withEditedArgs(result, editedArgs);
}

/** What finishing the interrupted turn needs: a run's tools, gate, signal and history. */
export interface ResumeContext extends TurnContext {
  history: ChatMessage[];
  changed(): void;
  /** True when tool `name` may be run twice. */
  idempotent(name: string): boolean;
  /** With option `subAgents`: a read-only `dispatch_agent` the page died in is simply run again. */
  subAgents?: SubAgentDispatch;
}

/**
 * Answers every open call of the interrupted turn — running idempotent and
 * queued ones again, approved ones now (`answered`: the answers given until
 * the questions wait again), the rest with what they came to —
 * and appends the results in call order. Resolves with the final event when
 * a built-in call ended the run (or it was cancelled), else undefined: the
 * loop goes on with a new model turn.
 */
export async function finishInterruptedTurn(ctx: ResumeContext, interruption: Interruption, answered: () => ReadonlyMap<string, ApprovalAnswer> = () => new Map()): Promise<FinalEvent | undefined> {
  const results = new Map<string, SettledCall>();
  const emit = (r: SettledCall) => {
    ctx.emit(resultEvent(r));
    results.set(r.callId, r);
  };
  const auto: TurnContext = { ...ctx, approval: 'auto' };
  const work: Promise<unknown>[] = [];
  let ending: Extract<BuiltinOutcome, { ok: true }> | undefined;

  const waiting = interruption.calls.filter((c) => c.state === 'awaiting-approval');
  // The requests were shown before the page died: the questions are asked again, with no new request.
  const batch = {};
  const waits = waiting.map((c) => ctx.gate.wait({ callId: c.call.id, name: c.call.name, args: 'args' in c.call ? c.call.args : undefined, check: ctx.registry.get(c.call.name)?.kind === 'page' }, batch, ctx.signal));
  // The answers given while the run was being set up (the one that resumed it first).
  for (const [callId, answer] of answered()) ctx.gate.answer(callId, answer);
  waiting.forEach((c, j) => {
    work.push(
      waits[j]!.then(async (outcome) => {
        // An interrupt runs nothing when approved: the answer is its result.
        const r = c.interrupt ? interruptAnswer(c.call.id, c.call.name, outcome) : await settleAnswered(c.call, false, outcome, ctx);
        if (c.interrupt) ctx.emit(resultEvent(r));
        results.set(r.callId, r);
      }),
    );
  });

  const again: ToolCall[] = [];
  const queued: ToolCall[] = [];
  const dispatches: ToolCall[] = [];
  for (const c of interruption.calls) {
    if (c.state === 'settled') results.set(c.call.id, fromEvent(c.result!, c.editedArgs));
    else if (ctx.subAgents && c.call.name === DISPATCH_TOOL_NAME) dispatches.push(c.call);
    else if (isBuiltinTool(c.call.name) && 'args' in c.call) {
      const outcome = readBuiltinCall(c.call.name, c.call.args);
      emit(outcome.ok ? settled(c.call.id, c.call.name, 'ok', { result: 'Delivered to the user.' }) : settled(c.call.id, c.call.name, 'error', { error: outcome.error }));
      if (outcome.ok) ending ??= outcome;
    } else if (c.state === 'running') {
      // Approved (or free) before: it ran once, and running it again does no harm.
      if (ctx.idempotent(c.call.name)) again.push(c.call);
      else emit(settled(c.call.id, c.call.name, 'interrupted', { error: 'the page was closed or reloaded while this call was running.' }));
    } else if (c.interrupt === 'own' && c.state === 'queued') emit(settled(c.call.id, c.call.name, 'cancelled', { error: 'the page was closed or reloaded before this interrupt was shown.' }));
    else if (c.state === 'queued' || c.state === 'awaiting-input') queued.push(c.call); // asked again: the page waits for the answer anew
  }
  const record = (list: SettledCall[]) => list.forEach((r) => results.set(r.callId, r));
  if (again.length > 0) work.push(executeCalls(again, auto).then(record));
  if (queued.length > 0) work.push(executeCalls(queued, ctx).then(record));
  if (dispatches.length > 0) work.push(ctx.subAgents!.dispatch(dispatches, ctx).then(record));
  await Promise.all(work);

  for (const c of interruption.calls) {
    if (c.interrupt === 'own') continue;
    // A call edited before the page died, run again now: the model still hears that the user edited it.
    const r = c.editedArgs !== undefined && results.get(c.call.id)!.editedArgs === undefined ? withEditedArgs(results.get(c.call.id)!, c.editedArgs) : results.get(c.call.id)!;
    results.set(c.call.id, r);
    ctx.history.push({ role: 'tool', tool_call_id: c.call.id, content: r.content });
  }
  recordEditedArgs(ctx.history, results.values());
  ctx.changed();
  if (ctx.signal.aborted) return { type: 'final', reason: 'cancelled', text: '' };
  if (ending) return ending.suggestions ? { type: 'final', reason: ending.reason, text: ending.text, suggestions: ending.suggestions } : { type: 'final', reason: ending.reason, text: ending.text };
  return undefined;
}

/**
 * Gives up on an interrupted turn (the user moved on with a new message):
 * every open call gets its one result — `interrupted` if it was running,
 * `cancelled` if it never started — so the history is valid again. With
 * `stopped` (the user stopped the run and its worker was ended), every open
 * call is `cancelled` with that message, as Stop cancels calls.
 */
export function abandonInterruptedTurn(ctx: Pick<ResumeContext, 'history' | 'emit'>, interruption: Interruption, stopped?: string): void {
  for (const c of interruption.calls) {
    const r =
      c.state === 'settled' ? fromEvent(c.result!, c.editedArgs)
      : stopped !== undefined ? settled(c.call.id, c.call.name, 'cancelled', { error: stopped })
      : c.state === 'running' ? settled(c.call.id, c.call.name, 'interrupted', { error: 'the page was closed or reloaded while this call was running.' })
      : settled(c.call.id, c.call.name, 'cancelled', { error: 'the conversation went on without this call.' });
    if (c.state !== 'settled') ctx.emit(resultEvent(r));
    if (c.interrupt !== 'own') ctx.history.push({ role: 'tool', tool_call_id: c.call.id, content: r.content });
  }
  recordEditedArgs(ctx.history, interruption.calls.map((c) => ({ callId: c.call.id, editedArgs: c.editedArgs })));
}
