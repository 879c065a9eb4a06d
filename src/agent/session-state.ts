/**
 * What the parts of a session share: the conversation as this agent holds
 * it — the history, the thread's events, the plan, the approval policy (which
 * holds the tools allowed for good) and gate — the journal that stores it, and
 * the one way an event is recorded and sent. The thread binding replaces
 * them when it loads, follows or takes over a thread; the run control and
 * the loop read and append to them; so they live here, in one place, rather
 * than in either.
 *
 * Invariant: every event the page hears about this thread (`emit`) is also
 * in `events` (deltas merged) and queued in the journal, with the API key
 * blanked out — so a reload shows what the page showed.
 */
import type { AgentEvent, ChatMessage, ThreadTrace } from '../types.js';
import { toWireError } from '../errors.js';
import { appendMerged } from '../event-merge.js';
import type { ThreadJournal } from '../store/thread-journal.js';
import { ApprovalGate, type AnswerDesk } from './calls/index.js';
import { ApprovalPolicy } from './calls/index.js';
import { PlanBoard } from './plan.js';
import { withoutKey } from './redact-key.js';
import type { TraceRecorder } from './trace/index.js';
import { RemoteThread } from './remote-thread.js';

/** The conversation a session holds, and how its events are recorded and sent. */
export class SessionState {
  history: ChatMessage[] = [];
  /** The thread's events, deltas merged. */
  events: AgentEvent[] = [];
  /** The plan as last accepted (option `planning`); kept across runs, restored with the thread. */
  readonly plan = new PlanBoard();
  /** The conversation's side on a remote AG-UI agent (option `agui`): rebuilt from the recorded events, like the plan. */
  readonly remote = new RemoteThread();
  /** Decides which calls need the user, and keeps the tools the user allowed for the thread's life. */
  policy = new ApprovalPolicy(() => this.journal?.touchMeta());
  /** Holds calls waiting for approval (answered through the page's desk, when there is one). */
  gate: ApprovalGate;
  /** Writes the thread as it happens; absent without a thread, or after storing failed (then the thread lives in memory). */
  journal: ThreadJournal | undefined;
  /** The flight recorder: it sees every event this session emits for its runs (never a follower's), after the key is blanked out. */
  readonly trace: TraceRecorder | undefined;
  readonly #send: (events: AgentEvent[]) => void;
  readonly #apiKey: () => string | undefined;
  readonly #desk: AnswerDesk | undefined;

  /** `send`: where events go (the page); `apiKey`: the key to blank out of every event; `trace`: the recorder, if any; `desk`: where approvals are asked. */
  constructor(send: (events: AgentEvent[]) => void, apiKey: () => string | undefined, trace?: TraceRecorder, desk?: AnswerDesk) {
    this.#send = send;
    this.#apiKey = apiKey;
    this.trace = trace;
    this.#desk = desk;
    this.gate = new ApprovalGate(this.policy, desk);
  }

  /** Records an event and sends it. */
  emit(raw: AgentEvent): void {
    const event = this.redact(raw);
    this.trace?.observe(event);
    this.record(event);
    this.#send([event]);
  }

  /** Adds an event to the thread's events (deltas merged) and the journal's next write, without sending it. */
  record(event: AgentEvent): void {
    this.remote.observe(event);
    appendMerged(this.events, event);
    this.journal?.append(event);
  }

  /** Sends events the thread does not keep (a follower's view, a refusal to one caller). */
  tell(events: AgentEvent[]): void {
    this.#send(events);
  }

  /** `event` with the API key blanked out. */
  redact<E extends AgentEvent>(event: E): E {
    return withoutKey(event, this.#apiKey()) as E;
  }

  /** Replaces the conversation (a thread loaded, followed or switched to); the plan follows the events; the trace is the thread's (`traceNumbers`: its spans' numbers as stored). */
  replace(history: ChatMessage[], events: AgentEvent[], trace?: ThreadTrace, traceNumbers?: readonly number[]): void {
    this.history = history;
    this.events = events;
    this.trace?.restore(trace, traceNumbers);
    this.plan.restore(events.findLast((e) => e.type === 'plan')?.tasks);
    this.remote.restore(events);
  }

  /** Forgets the tools allowed for good, and any call waiting (approvals belong to the conversation they were given in). */
  resetApprovals(allowed: readonly string[] = []): void {
    this.policy = new ApprovalPolicy(() => this.journal?.touchMeta());
    this.policy.allow(allowed);
    this.gate = new ApprovalGate(this.policy, this.#desk);
  }

  /** The history changed: the journal writes it with its next batch. */
  changed(): void {
    this.journal?.changed();
  }

  /** Writes what is pending now. */
  save(): Promise<void> {
    return this.journal?.flush() ?? Promise.resolve();
  }

  /** Storing failed: one coded error event, and the conversation goes on in memory. */
  storageFailed(err: unknown): void {
    this.journal = undefined;
    const wire = toWireError(err);
    this.emit({ type: 'error', message: wire.message, retryable: false, code: wire.code, ...(wire.params ? { params: wire.params } : {}) });
  }
}
