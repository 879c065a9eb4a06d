/**
 * The page's desk for tools that wait for the user (`render` without
 * `execute`): a call waits here until its answer arrives, and the answer is
 * the call's result. Invariants:
 * - every wait settles: with the answer, or as aborted when the call's
 *   signal fires (Stop, dispose) — never left hanging;
 * - a call is answered at most once: a second answer is ignored (false);
 * - an answer that fails the tool's `result` schema is refused with the
 *   schema's message and the call goes on waiting, so nothing is lost;
 * - an answer may come before its wait: the `input-request` event reaches
 *   the page a moment before the worker asks it to wait, and after a reload
 *   the stored call is shown waiting, the user answers, and only then does
 *   the resumed run ask the page to wait for it again — the answer is kept
 *   until then.
 * `answerCall` below is `agent.answer`: it lives here so that the desk and
 * the answering load as one chunk, on first use.
 */
import { PageloopError, type ErrorCode } from '../errors.js';
import type { outOfBounds } from '../json-bounds.js';
import type { AgentEvent, FinalEvent, Run, Tool } from '../types.js';

interface Waiting {
  tool: Tool;
  resolve(value: unknown): void;
}

/** Calls waiting for the user's answer, and answers given ahead of their call. */
export class UserAnswers {
  /** The page's bound check for what crosses the worker (passed in: this file loads lazily, and the page has it already). */
  readonly #bounds: typeof outOfBounds;
  #waiting = new Map<string, Waiting>();
  /** Answers to calls of an interrupted run, kept until the resumed run asks for them. */
  #early = new Map<string, unknown>();
  /** Calls answered or cancelled: a later answer to them is ignored. */
  #closed = new Set<string>();
  /** Calls announced by an `input-request` event and not yet waiting here: call id → tool name. */
  #asked = new Map<string, string>();
  /** Kept answers someone waits to see taken (`taken`): call id → resolver. */
  #takers = new Map<string, () => void>();

  /** Notes an `input-request` event: the wait for call `callId` of tool `name` is coming. */
  asked(callId: string, name: string): void {
    if (!this.#closed.has(callId)) this.#asked.set(callId, name);
  }

  /** The tool name of a call announced but not yet waiting here, if any. */
  announced(callId: string): string | undefined {
    return this.#asked.get(callId);
  }

  constructor(bounds: typeof outOfBounds) {
    this.#bounds = bounds;
  }

  /** Waits for call `callId`'s answer; rejects with an AbortError when `signal` fires first. */
  wait(tool: Tool, callId: string, signal: AbortSignal): Promise<unknown> {
    this.#asked.delete(callId);
    if (this.#early.has(callId)) {
      const value = this.#early.get(callId);
      this.#early.delete(callId);
      this.#takers.get(callId)?.();
      this.#takers.delete(callId);
      return Promise.resolve(value);
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#waiting.delete(callId);
        this.#closed.add(callId);
        reject(new DOMException('The call was cancelled while it waited for the user.', 'AbortError'));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      this.#waiting.set(callId, {
        tool,
        resolve: (value) => {
          signal.removeEventListener('abort', onAbort);
          this.#waiting.delete(callId);
          resolve(value);
        },
      });
    });
  }

  /** True while call `callId` waits here. */
  waits(callId: string): boolean {
    return this.#waiting.has(callId);
  }

  /**
   * Answers a waiting call. Resolves true when the answer ended the call,
   * false when it no longer waits; rejects (the call keeps waiting) when
   * `value` fails the tool's `result` schema or cannot be passed on.
   */
  async answer(callId: string, value: unknown): Promise<boolean> {
    const waiting = this.#waiting.get(callId);
    if (!waiting) return false;
    const checked = await check(waiting.tool, value, this.#bounds);
    // Answered (or cancelled) while the check ran: this answer comes second.
    if (this.#waiting.get(callId) !== waiting) return false;
    this.#closed.add(callId);
    waiting.resolve(checked);
    return true;
  }

  /**
   * Keeps the answer to call `callId` until its wait starts: a call announced
   * but not yet waiting here, or one of an interrupted run (the page was
   * reloaded while it waited) that a resume will ask for. Resolves false
   * when it was answered already; rejects as `answer` does.
   */
  async keep(tool: Tool, callId: string, value: unknown): Promise<boolean> {
    if (this.#waiting.has(callId)) return this.answer(callId, value);
    if (this.#closed.has(callId) || this.#early.has(callId)) return false;
    const checked = await check(tool, value, this.#bounds);
    // The wait may have started while the check ran.
    if (this.#waiting.has(callId)) return this.answer(callId, checked);
    if (this.#closed.has(callId) || this.#early.has(callId)) return false;
    this.#closed.add(callId);
    this.#asked.delete(callId);
    this.#early.set(callId, checked);
    return true;
  }

  /** Resolves when the kept answer to call `callId` is taken by its wait. */
  taken(callId: string): Promise<void> {
    if (!this.#early.has(callId)) return Promise.resolve();
    return new Promise((resolve) => this.#takers.set(callId, resolve));
  }

  /** Drops the kept answer to call `callId` (its run could not resume here): the call may be answered again. */
  forget(callId: string): void {
    if (!this.#early.delete(callId)) return;
    this.#closed.delete(callId);
    this.#takers.delete(callId);
  }
}

/** The answer as the tool's `result` schema accepts it (its parsed value), or a clear error. */
async function check(tool: Tool, value: unknown, bounds: typeof outOfBounds): Promise<unknown> {
  const why = bounds(value);
  if (why !== undefined) throw new PageloopError('bad-request', `The answer to "${tool.name}" cannot be passed on: ${why}.`);
  if (!tool.validateResult) return value;
  const result = await tool.validateResult(value);
  if (!result.ok) throw new PageloopError('bad-request', `The answer to "${tool.name}" does not fit its result schema: ${result.error}`);
  return result.value;
}

// ——— `agent.answer` ———
// In this file, not its own, so both load as one lazy chunk.
/*
 * `agent.answer(callId, value)`: the user's answer to a call of a tool that
 * waits for it (`render` without `execute`). A call waiting on this page now
 * gets it at once. A call of a run the page died in (a reload while it
 * waited: the stored `input-request` has no result and the run no final) is
 * answered the way an approval of such a run is: the answer is kept, the run
 * resumes, and the resumed run's renewed wait takes the kept answer. Only
 * then is it answered: a resume that ends first — another tab writes this
 * thread (`thread-busy`: its run still waits, there) — rejects with that
 * run's error and drops the kept answer, so nothing is said to have happened
 * that did not.
 */
/** What answering needs from the page's tool host. */
export interface AnswerHost {
  answers(): Promise<UserAnswers>;
  tool(name: string): Tool | undefined;
}

/** What answering needs from the agent. */
export interface AnswerContext {
  /** True when no run is going and the worker lives: an interrupted run may be resumed. */
  idle(): boolean;
  /** The thread's stored events. */
  events(): Promise<AgentEvent[]>;
  /** Resumes the interrupted run. */
  resume(): Run;
}

/** Answers call `callId` with `value`; see `Agent.answer`. */
export async function answerCall(host: AnswerHost, callId: string, value: unknown, agent: AnswerContext): Promise<boolean> {
  if (typeof callId !== 'string' || callId === '') throw new TypeError('answer(callId, value) needs the id of the waiting call.');
  const answers = await host.answers();
  if (answers.waits(callId)) return answers.answer(callId, value);
  // Announced while this page runs the call's run, and its wait is on its way from the worker: kept for it.
  // (Announced while no run goes here, it is another tab's call, or one that ended: asked below.)
  const announced = agent.idle() ? undefined : answers.announced(callId);
  const live = announced === undefined ? undefined : host.tool(announced);
  if (live?.awaitsUser) return answers.keep(live, callId, value);
  if (!agent.idle()) return false;
  const name = interruptedWait(await agent.events(), callId);
  const tool = name === undefined ? undefined : host.tool(name);
  if (!tool?.awaitsUser || !agent.idle()) return false;
  if (!(await answers.keep(tool, callId, value))) return false;
  const run = agent.resume();
  const ended = await Promise.race([answers.taken(callId).then(() => undefined), run.done]);
  if (ended === undefined) return true;
  answers.forget(callId);
  throw await notResumed(run, tool.name);
}

/** The error of a resumed run that ended before it took the answer to a call of `tool`. */
async function notResumed(run: Run, tool: string): Promise<PageloopError> {
  let error: Extract<AgentEvent, { type: 'error' }> | undefined;
  let final: FinalEvent | undefined;
  for await (const event of run) {
    if (event.type === 'error') error ??= event;
    if (event.type === 'final') final = event;
  }
  const why = error?.message ?? (final?.text || `the run ended (${final?.reason ?? 'unknown'}) before it took the answer`);
  return new PageloopError((error?.code as ErrorCode | undefined) ?? 'internal', `The answer to "${tool}" was not given: ${why}`);
}

/** The tool name of call `callId` when the last run ended without a final while that call waited for the user. */
function interruptedWait(events: readonly AgentEvent[], callId: string): string | undefined {
  let name: string | undefined;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.type === 'final' || (e.type === 'tool-result' && e.callId === callId)) return undefined;
    if (e.type === 'input-request' && e.callId === callId) name ??= e.name;
    if (e.type === 'run-start') return name;
  }
  return undefined;
}
