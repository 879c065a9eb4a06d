/**
 * The agent between runs, as one object the worker (or a test, or a
 * benchmark on the main thread) drives. It holds the settings and tools and
 * delegates each job to one part:
 * - `SessionState`: the conversation (history, events, plan, approvals) and how events are recorded;
 * - `ThreadBinding`: the stored thread — the seat (writer or follower), take-over, an interrupted run;
 * - `RunStarter` and `RunControl`: how a run starts (refusals, an interrupted run given up or resumed), and starting, ending and cancelling runs, one at a time;
 * - `ModelCache`: the models and context budget made per connection;
 * - `AttachmentShelf`: the files of messages and tools;
 * - `runLoop` (with its parts) runs one run.
 */
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, FinalEvent, SendOptions, ThreadTrace, UndoOutcome, WorkflowRunOptions } from '../types.js';
import { AttachmentShelf } from './attachments/index.js';
import { TraceRecorder } from './trace/index.js';
import { SpanOutlet } from './trace/index.js';
import type { ThreadRecord } from '../thread-format.js';
import { ToolRegistry } from './calls/index.js';
import { SessionState } from './session-state.js';
import { ThreadBinding } from './thread/index.js';
import { ThreadRecords } from './thread/index.js';
import { RunControl } from './run-control.js';
import { RunStarter } from './run-starter.js';
import { ModelCache } from './model-cache.js';
import type { OutsideOutcome, RunAnswers, StoppedRun, ToolDescriptor } from '../protocol/agent.js';
import { runOutsideCall } from './calls/index.js';
import type { SessionConfig } from './session-types.js';
import type { SessionDeps } from './session-deps.js';
import { startGate } from './calls/index.js';
import { pushUserMessage } from './history.js';
import type { CallRecord, UndoContext } from './undo.js';
import { PageloopError } from '../errors.js';

/** The undo chunk (undo.ts), loaded with the first undo. */
type UndoModule = typeof import('./undo.js');
/** The most a surface's kept data model may hold, as JSON characters (the page's own bound is smaller: option `a2ui.limits.dataModelBytes`). */
const MAX_SURFACE_DATA = 262_144;

/** One agent's state between runs, and the way to start, answer and cancel them. */
export class AgentSession {
  #config: SessionConfig;
  readonly #state: SessionState;
  readonly #models: ModelCache;
  readonly #thread: ThreadBinding;
  readonly #records: ThreadRecords;
  readonly #runs: RunControl;
  readonly #starter: RunStarter;
  readonly #registry: ToolRegistry;
  readonly #files: AttachmentShelf;
  readonly #spans: SpanOutlet;
  /** Awaited before each run starts (see SessionDeps.beforeRun); absent, a run starts in the call's own task (a clear right after a send is refused as busy). */
  readonly #beforeRun: (() => Promise<void>) | undefined;
  readonly #host: SessionDeps['host'];

  constructor(config: SessionConfig, tools: readonly ToolDescriptor[], deps: SessionDeps) {
    this.#config = config;
    this.#host = deps.host;
    this.#files = new AttachmentShelf({ store: deps.store, thread: () => this.#config.thread, options: () => this.#config.attachments });
    const emit = deps.emit;
    const send = emit ? (events: AgentEvent[]) => events.forEach(emit) : (events: AgentEvent[]) => deps.host.emit(events);
    this.#spans = new SpanOutlet(() => this.#config, { emit: send, spans: deps.host.spans && ((spans) => deps.host.spans!(spans)) });
    const state = (this.#state = new SessionState(send, () => this.#config.apiKey, new TraceRecorder(() => this.#config, this.#spans), deps.host));
    const starts = startGate(deps.host, deps.flush);
    this.#beforeRun = deps.beforeRun;
    this.#models = new ModelCache({ createModel: deps.createModel, generateId: deps.generateId ?? (() => crypto.randomUUID()), probeContextWindow: deps.probeContextWindow, readAttachment: (id) => this.#files.read(id) }, () => this.#config);
    this.#thread = new ThreadBinding(state, { store: deps.store, now: deps.now, rerunnable: (name) => this.#registry.rerunnable(name, !!this.#config.subAgents, (tool) => state.policy.mayRunAgain(tool, this.#config.approval)), loaded: () => this.#models.budget.reset() });
    this.#records = new ThreadRecords(state, this.#thread, { store: deps.store, now: deps.now, cleared: () => this.#models.budget.reset() });
    this.#runs = new RunControl(state);
    // A tool starts once its `tool-start` is stored: a reload then answers it `interrupted` instead of running it again.
    this.#registry = new ToolRegistry(deps.host, deps.workerTools, deps.env, () => state.journal?.flush().catch(() => {}) ?? Promise.resolve(), starts);
    this.#registry.set(tools);
    this.#starter = new RunStarter({ config: () => this.#config, state, thread: this.#thread, runs: this.#runs, models: this.#models, registry: this.#registry, starts, host: deps.host, files: this.#files, remote: deps.remote });
  }

  /**
   * Loads the stored thread, answering calls a reload left unanswered; or follows it read-only while another tab writes it.
   * With `stopped` (this session replaces a worker that did not answer Stop), that run is ended first.
   */
  load(stopped?: StoppedRun): Promise<void> {
    return this.#thread.load(this.#config.thread, stopped);
  }

  /** Lets go of the thread (its lock and channel), so another tab can take it over. */
  close(): void {
    this.#thread.close();
  }

  /** The approval requests of an interrupted run that wait for an answer (answering one resumes the run). */
  pending(): ApprovalRequest[] {
    return this.#thread.pending();
  }

  /** Finishes a run the page died in: answers its open calls (with `first`, the answer to one of its approval requests), then asks the model to carry on. */
  async resume(runId: string, first?: { callId: string; answer: ApprovalAnswer }): Promise<FinalEvent> {
    if (this.#beforeRun) await this.#beforeRun();
    return this.#starter.resume(runId, first);
  }

  /** One user turn (`overrides` for this run only; its files are kept before the run starts, or refused with nothing sent). Resolves with the final event after it was emitted; never rejects. */
  async send(runId: string, text: string, overrides?: SendOptions): Promise<FinalEvent> {
    if (this.#beforeRun) await this.#beforeRun();
    const { attachments, ...rest } = overrides ?? {};
    const made = this.#files.userMessage(text, attachments, !this.#runs.running && !this.#thread.refusal('Cannot send'));
    // Only files to keep make the start wait: a message without them starts its run at once, so a send or clear right after it is told "busy".
    const user = made instanceof Promise ? await made : made;
    if (user instanceof Error) return this.#runs.refuse(user);
    return this.#starter.begin('Cannot send', { runId, input: text, files: user.files, begin: () => pushUserMessage(this.#state.history, user.message) }, { overrides: rest });
  }

  /** A run of workflow `name` (option `workflows`): its message states the goal and steps; with planning, the steps are the initial plan. An unknown name ends in an `unknown-workflow` error before anything is sent. */
  async runWorkflow(runId: string, name: string, input?: string, options?: WorkflowRunOptions): Promise<FinalEvent> {
    if (this.#beforeRun) await this.#beforeRun();
    let run;
    try {
      // Its code (workflow.ts) is a chunk loaded with the first workflow run: an agent without `workflows` never loads it.
      const { workflowRun } = await import('./workflow.js');
      run = workflowRun(this.#config, this.#state, name, input, options);
    } catch (err) {
      return this.#runs.refuse(err);
    }
    return this.#starter.begin('Cannot run a workflow', { runId, input, workflow: name, begin: run.begin }, run.setup);
  }

  /** The page's answers for run `runId`'s first request, sent right behind its start (src/agent/run-ahead.ts). */
  startAhead(runId: string, answers: RunAnswers): void {
    this.#starter.answers.answered(runId, answers);
  }

  /** Runs the loop again on the history as it is (e.g. after a network error). */
  async retry(runId: string): Promise<FinalEvent> {
    if (this.#beforeRun) await this.#beforeRun();
    return this.#starter.begin('Cannot retry', { runId }, {});
  }

  /** The id of the thread this session keeps, if any. */
  get thread(): string | undefined {
    return this.#config.thread;
  }

  /** Switches to thread `id` (empty if nothing is stored under it): what is pending is written first. Refused while a run goes. */
  async openThread(id: string): Promise<void> {
    this.#runs.assertIdle('Cannot switch threads');
    await this.#records.leave();
    this.#files.forget();
    this.#config = { ...this.#config, thread: id };
    await this.load();
  }

  /** The current thread, from memory (so also right when storing failed). */
  threadRecord(): ThreadRecord | undefined {
    return this.#config.thread ? this.#records.record(this.#config.thread) : undefined;
  }

  /** Renames the current thread; resolves when it is stored (false without a working journal). */
  renameThread(title: string): Promise<boolean> {
    return this.#records.rename(title);
  }

  /** Changes settings; a new connection or tool protocol takes effect from the next run. */
  configure(patch: Partial<SessionConfig>): void {
    this.#config = { ...this.#config, ...patch };
    this.#models.configured(patch);
  }

  /** Replaces the agent's tools. */
  setTools(tools: readonly ToolDescriptor[]): void {
    this.#registry.set(tools);
  }

  /** True while a run is going. */
  get running(): boolean {
    return this.#runs.running;
  }

  /** An answer to an approval request that reached the worker (the page answers the questions it holds itself); "always" is applied by the gate and kept with the thread. */
  respond(callId: string, answer: ApprovalAnswer): void {
    if (!this.#state.gate.answer(callId, answer) && !this.#thread.answerEarly(callId, answer)) this.#state.emit({ type: 'error', message: `No call "${callId}" is waiting for approval.`, retryable: false, code: 'bad-request' });
  }

  /** A page tool call from a browser agent (WebMCP): the same approvals, shown as a card, kept out of the model's history. */
  callFromOutside(callId: string, name: string, args: unknown, from?: 'browser-agent' | 'mcp-app'): Promise<OutsideOutcome> {
    return runOutsideCall({ id: callId, name, args }, { config: this.#config, state: this.#state, registry: this.#registry, refused: this.#thread.refusal('Cannot run a call from a browser agent') }, from);
  }

  /** Starts (or stops) handing finished spans to the page (`agent.onSpan`). */
  watchSpans(on: boolean): void {
    this.#spans.watch(on);
  }

  /** The state shared with a remote AG-UI agent (option `agui`), as the thread's events last set it; undefined until there is one. */
  sharedState(): unknown {
    return structuredClone(this.#state.remote.state);
  }

  /** Replaces the shared state: kept with the thread (a `state` event), sent with the next remote run. Refused in a tab that follows the thread. */
  setState(state: unknown): void {
    this.#thread.assertWriter('Cannot set the state');
    this.#state.emit({ type: 'state', state, from: 'app' });
  }

  /**
   * Keeps what the user entered in A2UI surface `surfaceId` of call `callId`
   * (its whole data model) with the thread: an `a2ui-data` event. Refused in
   * a follower tab, for a call the thread does not have, and over 256 KB.
   */
  keepSurfaceData(callId: string, surfaceId: string, dataModel: Record<string, unknown>): void {
    this.#thread.assertWriter('Cannot keep what was entered in a surface');
    if (!this.#state.events.some((e) => (e.type === 'tool-call' || e.type === 'tool-result') && e.callId === callId)) throw new PageloopError('bad-request', `keepSurfaceData: this thread has no call "${callId}".`);
    const bytes = JSON.stringify(dataModel)?.length ?? 0;
    if (typeof dataModel !== 'object' || dataModel === null || Array.isArray(dataModel) || bytes > MAX_SURFACE_DATA) throw new PageloopError('bad-request', `keepSurfaceData: the data model must be a JSON object of at most ${MAX_SURFACE_DATA} characters.`);
    this.#state.emit({ type: 'a2ui-data', callId, surfaceId, dataModel });
  }

  /** The tools allowed for good in this thread. */
  permissions(): string[] {
    return this.#state.policy.allowed;
  }

  /** The thread's flight-recorder trace (a copy), or run `runId`'s spans only. */
  trace(runId?: string): ThreadTrace {
    return this.#state.trace!.trace(runId);
  }

  /** Takes back "always allow" for `tool`; stored with the thread. */
  revokePermission(tool: string): Promise<void> {
    return this.#records.revoke(tool);
  }

  /** Cancels the current run, or run `runId` if it has not started yet. */
  cancel(runId?: string): void {
    this.#runs.cancel(runId);
  }

  /** Takes back call `callId` at the user's request (src/agent/undo.ts); rejects `not-undoable`, `busy` or `thread-busy`. */
  undo(callId: string): Promise<UndoOutcome> {
    return this.#undo((undo, ctx) => [undo.undoableCall(ctx, callId)]);
  }

  /** Takes back run `runId`'s finished calls, last first, stopping at the first that fails. */
  undoRun(runId: string): Promise<UndoOutcome> {
    return this.#undo((undo, ctx) => undo.undoableRun(ctx, runId), runId);
  }

  /**
   * One undo: refused while anything else changes the thread; holds off runs while it goes; stored when done.
   * Its code (undo.ts) is a chunk loaded with the first undo: a session whose user never undoes never loads it.
   */
  async #undo(pick: (undo: UndoModule, ctx: UndoContext) => CallRecord[], runId?: string): Promise<UndoOutcome> {
    const undo = await import('./undo.js');
    this.#thread.assertWriter('Cannot undo');
    this.#runs.assertIdle('Cannot undo');
    if (this.#thread.interrupted) throw new PageloopError('busy', 'Cannot undo while a reply the page was closed in waits to be continued: continue it, or send a message, first.');
    const state = this.#state;
    const ctx: UndoContext = { events: state.events, registry: this.#registry, policy: state.policy, host: this.#host, history: state.history, emit: (e) => state.emit(e), changed: () => state.changed(), ...(state.trace ? { trace: state.trace } : {}) };
    const calls = pick(undo, ctx);
    const release = this.#runs.hold('an undo is going; wait for it to end.');
    try {
      return await undo.undoCalls(ctx, calls, runId);
    } finally {
      release();
      await state.save().catch(() => {});
    }
  }

  /**
   * The page lets this worker go: writes what the thread has queued (nothing
   * for a thread nothing was queued for) and stores nothing after it — what
   * the page's going away does to the run from here (questions withdrawn,
   * calls aborted) must not reach the store another agent takes over.
   */
  save(): Promise<void> {
    const journal = this.#state.journal;
    this.#state.journal = undefined;
    return journal?.settle() ?? Promise.resolve();
  }

  /** A copy of the canonical history. */
  messages(): ChatMessage[] {
    return structuredClone(this.#state.history);
  }

  /** The session's attachments: `prepare` files against the `attachments` option, `read` one's bytes. */
  get files(): AttachmentShelf {
    return this.#files;
  }

  /** A copy of the thread's events, deltas merged. */
  events(): AgentEvent[] {
    return structuredClone(this.#state.events);
  }

  /** Forgets the history, the events and the stored thread; refused while a run is going. */
  async clear(): Promise<void> {
    this.#runs.assertIdle('Cannot clear the conversation');
    await this.#records.clear(this.#config.thread);
    this.#files.forget();
  }
}
