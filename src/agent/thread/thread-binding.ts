/**
 * A session's place at its stored thread: it takes the seat (the writer, or
 * a read-only follower of another tab's writer), loads what is stored, takes
 * over when the writer lets go, and finds and settles a run the page died in
 * (interrupted-run.ts says how). It fills the shared `SessionState`; it
 * never starts a run.
 *
 * Invariants:
 * - only the writer changes the thread: `refusal(what)` is the error every
 *   change gets while this agent follows;
 * - a thread loaded as writer has one result for every tool call in its
 *   history (an interrupted run's open calls are answered, or kept for
 *   `resume`, which answers them);
 * - a run whose worker was ended because it did not answer Stop (`stopped`,
 *   option `stopGraceMs`) is found the way a reload finds a run, and ended
 *   as stopped instead of kept: every open call `cancelled`, the notice, a
 *   `cancelled` final — emitted, so the page sees them, and stored.
 */
import type { ApprovalAnswer, ApprovalRequest, ThreadTrace } from '../../types.js';
import type { StoppedRun } from '../../protocol/agent.js';
import { PageloopError } from '../../errors.js';
import type { ThreadStorage } from '../../store/thread-store.js';
import { ThreadJournal } from '../../store/thread-journal.js';
import { ThreadSeat } from '../../store/thread-seat.js';
import { threadBusy } from '../../store/thread-lock.js';
import { answerDanglingCalls } from '../history.js';
import { abandonInterruptedTurn, findInterruption, finishInterruptedTurn, waitingApprovals, waitsForUser, type Interruption } from './interrupted-run.js';
import type { RunSetup } from '../run-context.js';
import type { SessionState } from '../session-state.js';

/** What a binding needs besides the shared state. */
export interface BindingDeps {
  store?: ThreadStorage;
  /** The clock for stored timestamps. */
  now?: () => number;
  /** True when a call of `name` the page died in may simply run again. */
  rerunnable(name: string): boolean;
  /** A stored thread was loaded: what was folded for the old history is void. */
  loaded(): void;
}

/** The seat at one thread, the loading, following and taking over, and the interrupted run found there. */
export class ThreadBinding {
  readonly #state: SessionState;
  readonly #deps: BindingDeps;
  #seat: ThreadSeat | undefined;
  #loading: Promise<void> = Promise.resolve();
  /** A run the page died in, found in the loaded thread: `resume` finishes it, a new run abandons it. */
  #interrupted: Interruption | undefined;
  /** The questions of a run being resumed, until its turn waits on them again, and the answers given before then. */
  #early: { waiting: Set<string>; answers: Map<string, ApprovalAnswer> } | undefined;
  /** The run the worker before this one was ended in, until it is ended here. */
  #stopped: StoppedRun | undefined;

  constructor(state: SessionState, deps: BindingDeps) {
    this.#state = state;
    this.#deps = deps;
  }

  /**
   * Loads thread `id` (nothing without an id or a store), or follows it read-only while another tab writes it.
   * With `stopped`, that run is ended as stopped: where the loaded thread has it, else (nothing stored of it) with its notice and final only.
   * While the ended worker's lock on the thread is still let go, this seat follows and ends the run when it takes over.
   */
  load(id: string | undefined, stopped?: StoppedRun): Promise<void> {
    this.#stopped = stopped;
    return (this.#loading = this.#takeSeat(id));
  }

  /** Lets go of the thread (its lock and channel), so another tab can take it over. */
  close(): void {
    this.#seat?.close();
    this.#seat = undefined;
  }

  /** The error every change of the thread gets while another tab writes it; undefined for the writer. */
  refusal(what: string): PageloopError | undefined {
    return this.#seat?.following ? threadBusy(what) : undefined;
  }

  /** Throws `refusal(what)`, if any. */
  assertWriter(what: string): void {
    const refused = this.refusal(what);
    if (refused) throw refused;
  }

  /** Tells followers in other tabs that the thread was cleared. */
  publishCleared(): void {
    this.#seat?.feed?.publishCleared();
  }

  /** True while a run the page died in is kept, to be resumed or given up. */
  get interrupted(): boolean {
    return this.#interrupted !== undefined;
  }

  /** The approval requests of an interrupted run that wait for an answer (answering one resumes the run). */
  pending(): ApprovalRequest[] {
    return structuredClone(waitingApprovals(this.#interrupted));
  }

  /**
   * The set-up of a run that finishes the interrupted run (with `first`, the
   * answer to one of its approval requests) before asking the model to carry
   * on; the interrupted run is then no longer kept here. An error when there is none.
   */
  resumption(first?: { callId: string; answer: ApprovalAnswer }): RunSetup | PageloopError {
    const interruption = this.#take();
    if (!interruption) return new PageloopError('bad-request', 'There is no interrupted run to resume.');
    // Until the resumed turn waits on its questions again, answers to them are held here (the user may click a second card at once).
    const early = new Map<string, ApprovalAnswer>(first ? [[first.callId, first.answer]] : []);
    const waiting = new Set(waitingApprovals(interruption).map((r) => r.callId));
    this.#early = { waiting, answers: early };
    const asked = () => {
      this.#early = undefined;
      return early;
    };
    return { before: (ctx) => finishInterruptedTurn({ ...ctx, idempotent: (name) => this.#deps.rerunnable(name) }, interruption, asked) };
  }

  /** Holds an answer to a question of the run being resumed that does not wait yet; false when no such question is on its way. */
  answerEarly(callId: string, answer: ApprovalAnswer): boolean {
    const early = this.#early;
    if (!early?.waiting.has(callId) || early.answers.has(callId)) return false;
    early.answers.set(callId, answer);
    return true;
  }

  /** A new run instead of a resume: every open call of the interrupted run gets its one result first. */
  abandonInterrupted(): void {
    const interruption = this.#take();
    if (!interruption) return;
    const state = this.#state;
    abandonInterruptedTurn({ history: state.history, emit: (e) => state.emit(e) }, interruption);
    if (waitsForUser(interruption)) state.emit({ type: 'final', reason: 'cancelled', text: '', runId: interruption.runId });
    state.changed();
  }

  /** Forgets the interrupted run (the conversation was cleared, or another thread opened). */
  forgetInterruption(): void {
    this.#interrupted = undefined;
    this.#early = undefined;
  }

  /** The interrupted run, no longer kept here. */
  #take(): Interruption | undefined {
    const interruption = this.#interrupted;
    this.#interrupted = undefined;
    return interruption;
  }

  async #takeSeat(thread: string | undefined): Promise<void> {
    const { store } = this.#deps;
    const state = this.#state;
    if (!thread || !store) return this.#endStopped(undefined);
    const seat = (this.#seat = new ThreadSeat(store, thread, {
      followed: (events) => state.tell(events),
      allowed: (tools) => {
        // The writer changed the tools allowed for good: a follower's list follows.
        state.resetApprovals(tools);
        state.tell([{ type: 'permissions', allowed: [...tools] }]);
      },
      // The writer's trace, as it stores it: a follower's agent.trace() reads what the writer recorded.
      traced: (change) => state.trace?.apply(change),
      cleared: () => {
        // The writer cleared the thread: a follower shows it empty.
        state.trace?.restore(undefined);
        state.history.length = 0;
        state.events.length = 0;
        state.plan.restore(undefined);
        state.remote.restore([]);
        state.resetApprovals();
        state.tell([{ type: 'thread-lock', state: 'follower', events: [] }, { type: 'permissions', allowed: [] }]);
      },
      tookOver: () => void this.#takeOver(seat, thread),
    }));
    let record;
    try {
      if ((await seat.take()) === 'writer') return this.#loadAsWriter(seat, thread);
      record = await store.load(thread);
    } catch (err) {
      state.storageFailed(err);
      return this.#endStopped(undefined);
    }
    // Read-only: what the writer stored, and no judgement of its run (it is not interrupted, it goes on elsewhere).
    state.replace(record?.messages ?? [], record?.events ?? [], record?.trace, record?.traceNumbers);
    state.policy.allow(record?.allowed ?? []);
    seat.follow({ messages: state.history, events: state.events, nextSeq: record?.nextSeq ?? 0, allowed: state.policy.allowed });
    // The events as of this point of the stream: the page rebuilds from them and adds only what follows.
    state.tell([{ type: 'thread-lock', state: 'follower', events: structuredClone(state.events) }]);
  }

  /** The writer let go: read the thread as a reload would (ending a run it died in), and write from now on. */
  async #takeOver(seat: ThreadSeat, thread: string): Promise<void> {
    await this.#loading;
    if (this.#seat !== seat) return;
    this.#state.history = [];
    this.#state.events = [];
    await (this.#loading = this.#loadAsWriter(seat, thread));
    this.#state.tell([{ type: 'thread-lock', state: 'writer', events: structuredClone(this.#state.events) }]);
  }

  async #loadAsWriter(seat: ThreadSeat, thread: string): Promise<void> {
    const state = this.#state;
    const journal = new ThreadJournal({ store: this.#deps.store!, id: thread, history: () => state.history, allowed: () => state.policy.allowed, onError: (err) => state.storageFailed(err), now: this.#deps.now, lock: seat.lock, feed: seat.feed, trace: state.trace });
    let record;
    try {
      record = await journal.load();
    } catch (err) {
      state.storageFailed(err);
      return this.#endStopped(undefined);
    }
    state.journal = journal;
    if (!record) {
      this.#endStopped(undefined);
      return state.save().catch(() => {});
    }
    state.policy.allow(record.allowed ?? []);
    state.replace(record.messages, record.events, record.trace, record.traceNumbers);
    this.#deps.loaded();
    const interruption = findInterruption(state.history, state.events);
    if (interruption && interruption.runId === this.#stopped?.runId) this.#endStopped(interruption);
    else if (interruption) this.#noteInterruption(interruption);
    // Nothing of the stopped run was stored: it still ends, here and in the store.
    this.#endStopped(undefined);
    // Calls of older turns can only be unanswered in threads a bug or an older pageloop left so.
    if (!interruption || interruption.calls.length === 0) answerDanglingCalls(state.history, 'Cancelled: the page was closed or reloaded before this call finished.');
    await state.save().catch(() => {});
  }

  /**
   * Ends the run a worker that did not answer Stop was ended in: the
   * interruption's cut-off reply joins the history and its open calls are
   * given up (`cancelled`, with the stop's message) as a new message gives
   * them up; then the notice and the `cancelled` final, both emitted.
   * Nothing without a stopped run (or once it is ended). A follower waits:
   * it ends the run when it takes over the dead worker's seat.
   */
  #endStopped(interruption: Interruption | undefined): void {
    const stopped = this.#stopped;
    if (!stopped) return;
    this.#stopped = undefined;
    const state = this.#state;
    if (interruption) {
      if (interruption.partial) state.history.push({ role: 'assistant', content: interruption.partial });
      abandonInterruptedTurn({ history: state.history, emit: (e) => state.emit(e) }, interruption, stopped.message);
      // Its spans end as a reload ends them: the recorder of the ended worker never saw the run end.
      state.trace?.interrupt();
    }
    state.emit({ type: 'error', message: stopped.message, retryable: false, code: 'worker-restarted' });
    state.emit({ type: 'final', reason: 'cancelled', text: interruption?.partial ?? '', runId: stopped.runId });
    state.changed();
  }

  /**
   * Records what a reload can already say of an interrupted run: the cut-off
   * reply joins the history, calls that were running (and may not run again)
   * are answered `interrupted`, and — unless approvals still wait — the run
   * ends with reason `interrupted`, so it can be resumed.
   */
  #noteInterruption(interruption: Interruption): void {
    const state = this.#state;
    if (interruption.partial) state.history.push({ role: 'assistant', content: interruption.partial });
    for (const open of interruption.calls) {
      if (open.state !== 'running' || this.#deps.rerunnable(open.call.name)) continue;
      const result = { type: 'tool-result' as const, callId: open.call.id, name: open.call.name, status: 'interrupted' as const, error: 'the page was closed or reloaded while this call was running.' };
      state.record(result);
      open.state = 'settled';
      open.result = result;
    }
    // A call waiting for an approval or for the user's answer keeps the run open: answering resumes it.
    if (!waitsForUser(interruption)) {
      state.record({ type: 'final', reason: 'interrupted', text: interruption.partial });
      state.trace?.interrupt();
    }
    this.#interrupted = interruption;
  }
}
