/**
 * The agent between runs: settings, history, tools, approvals granted for
 * the agent's life, the protocol the endpoint turned out to speak, and the
 * stored thread. It is independent of where it runs — the worker hosts one,
 * and so can a test or a benchmark on the main thread.
 */
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, FinalEvent, SendOptions, WorkflowRunOptions } from '../types.js';
import { ToolCallingModel, type ChatModel } from '../model/tool-calling-model.js';
import type { WorkerToolEnv, WorkerToolFactory } from '../worker-tools/worker-tool.js';
import { PageloopError, toWireError } from '../errors.js';
import type { ThreadStorage } from '../store/thread-store.js';
import { ThreadJournal } from '../store/thread-journal.js';
import { ThreadSeat } from '../store/thread-seat.js';
import { threadBusy } from '../store/thread-lock.js';
import { THREAD_SCHEMA_VERSION, defaultTitle, type ThreadRecord } from '../store/thread-schema.js';
import { ApprovalGate } from './approval-gate.js';
import { mergeDelta } from './event-batcher.js';
import { ContextBudget } from './context-budget.js';
import { answerDanglingCalls } from './history.js';
import { withoutKey } from './redact-key.js';
import { runLoop, type RunContext } from './run-loop.js';
import { gatedModel } from './start-gate.js';
import { abandonInterruptedTurn, findInterruption, finishInterruptedTurn, waitingApprovals, waitsForUser, type Interruption } from './interrupted-run.js';
import { PlanBoard } from './plan.js';
import { PlanTurn } from './plan-turn.js';
import { SubAgents } from './sub-agent.js';
import { DISPATCH_TOOL_NAME } from './builtin-tools.js';
import { ToolRegistry } from './tool-registry.js';
import { withOverrides } from './run-overrides.js';
import { findWorkflow, workflowStart } from './workflow.js';
import type { ToolDescriptor } from '../protocol/agent.js';
import { ENDPOINT_KEYS, MODEL_KEYS } from '../settings.js';
import type { SessionConfig, SessionHost } from './session-types.js';

/** What a session needs from its surroundings; tests inject ids and models. */
export interface SessionDeps {
  /** Where events go and how page tools are reached. */
  host: SessionHost;
  createModel(config: SessionConfig): ChatModel | Promise<ChatModel>;
  store?: ThreadStorage;
  workerTools?: Readonly<Record<string, WorkerToolFactory>>;
  env?: WorkerToolEnv;
  generateId?: () => string;
  /** The clock for stored timestamps; default `Date.now`. */
  now?: () => number;
  /** Asks the endpoint for its context window (absent: only `contextTokens`, overflow errors or the default say it). */
  probeContextWindow?: (config: SessionConfig, signal: AbortSignal) => Promise<number | undefined>;
}

const DEFAULT_MAX_ITERATIONS = 10;

/** What sets one run apart from the agent's settings: its overrides, its workflow, a plan made before it began. */
interface RunSetup {
  overrides?: SendOptions;
  workflow?: string;
  planned?: boolean;
}

/** One agent's state between runs, and the way to start, answer and cancel them. */
export class AgentSession {
  #config: SessionConfig;
  #deps: SessionDeps;
  #registry: ToolRegistry;
  /** Also holds the tools the user allowed for the agent's life. */
  #gate = new ApprovalGate();
  /** The plan as last accepted (option `planning`); kept across runs, restored with the thread. */
  #plan = new PlanBoard();
  /** The raw model, made once per connection. */
  #model: Promise<ChatModel> | undefined;
  /** Its tool-calling wrapper, which remembers a fallback to the text protocol until the connection or protocol changes. */
  #calling: ToolCallingModel | undefined;
  /** The sub-agents' own model (option `subAgents.model`), until the connection changes. */
  #child: { name: string; model: Promise<ToolCallingModel> } | undefined;
  #history: ChatMessage[] = [];
  #events: AgentEvent[] = [];
  #run: { id: string; controller: AbortController } | undefined;
  /** Runs cancelled before they started (a cancel can overtake its send across the worker boundary). */
  #cancelledEarly = new Set<string>();
  #generateId: () => string;
  /** What of the history is sent: folded, dropped, cut to fit the context window. */
  #context: ContextBudget;
  /** Writes the thread as it happens; absent without a thread, or after storing failed (then the thread lives in memory). */
  #journal: ThreadJournal | undefined;
  /** A run the page died in, found in the loaded thread: `resume` finishes it, a new send abandons it. */
  #interrupted: Interruption | undefined;
  /** This agent's place at its thread: the writer, or a read-only follower of another tab's writer. */
  #seat: ThreadSeat | undefined;
  #loading: Promise<void> = Promise.resolve();

  constructor(config: SessionConfig, tools: readonly ToolDescriptor[], deps: SessionDeps) {
    this.#config = config;
    this.#deps = deps;
    this.#context = this.#newBudget();
    this.#generateId = deps.generateId ?? (() => crypto.randomUUID());
    // A tool starts once its `tool-start` is stored: a reload then answers it `interrupted` instead of running it again.
    this.#registry = new ToolRegistry(deps.host, deps.workerTools, deps.env, () => this.#journal?.flush().catch(() => {}) ?? Promise.resolve());
    this.#registry.set(tools);
  }

  /** Loads the stored thread, answering calls a reload left unanswered; or follows it read-only while another tab writes it. */
  load(): Promise<void> {
    return (this.#loading = this.#takeSeat());
  }

  async #takeSeat(): Promise<void> {
    const { thread } = this.#config;
    const store = this.#deps.store;
    if (!thread || !store) return;
    const seat = (this.#seat = new ThreadSeat(store, thread, {
      followed: (events) => this.#deps.host.emit(events),
      allowed: (tools) => this.#followAllowed(tools),
      cleared: () => this.#followCleared(),
      tookOver: () => void this.#takeOver(seat),
    }));
    let state;
    try {
      state = await seat.take();
    } catch (err) {
      this.#storageFailed(err);
      return;
    }
    if (state === 'writer') return this.#loadAsWriter(seat);
    let record;
    try {
      record = await store.load(thread);
    } catch (err) {
      this.#storageFailed(err);
      return;
    }
    // Read-only: what the writer stored, and no judgement of its run (it is not interrupted, it goes on elsewhere).
    this.#history = record?.messages ?? [];
    this.#events = record?.events ?? [];
    this.#plan.restore(this.#events.findLast((e) => e.type === 'plan')?.tasks);
    this.#gate.allow(record?.allowed ?? []);
    seat.follow({ messages: this.#history, events: this.#events, nextSeq: record?.nextSeq ?? 0, allowed: this.#gate.allowed });
    // The events as of this point of the stream: the page rebuilds from them and adds only what follows.
    this.#deps.host.emit([{ type: 'thread-lock', state: 'follower', events: this.events() }]);
  }

  /** The writer changed the tools allowed for good: a follower's list follows. */
  #followAllowed(tools: string[]): void {
    this.#gate = new ApprovalGate();
    this.#gate.allow(tools);
    this.#deps.host.emit([{ type: 'permissions', allowed: [...tools] }]);
  }

  /** The writer cleared the thread: a follower shows it empty. */
  #followCleared(): void {
    this.#history.length = 0;
    this.#events.length = 0;
    this.#plan.restore(undefined);
    this.#gate = new ApprovalGate();
    this.#deps.host.emit([{ type: 'thread-lock', state: 'follower', events: [] }, { type: 'permissions', allowed: [] }]);
  }

  /** The writer let go: read the thread as a reload would (ending a run it died in), and write from now on. */
  async #takeOver(seat: ThreadSeat): Promise<void> {
    await this.#loading;
    if (this.#seat !== seat) return;
    this.#history = [];
    this.#events = [];
    await (this.#loading = this.#loadAsWriter(seat));
    this.#deps.host.emit([{ type: 'thread-lock', state: 'writer', events: this.events() }]);
  }

  /** A follower's refusal to change the thread: an error event and a final one, to this caller only. */
  #refuseFollowing(what: string): FinalEvent | undefined {
    if (!this.#seat?.following) return undefined;
    const err = threadBusy(what);
    const final: FinalEvent = { type: 'final', reason: 'error', text: err.message };
    this.#deps.host.emit([{ type: 'error', message: err.message, retryable: false, code: err.code }, final]);
    return final;
  }

  #assertWriter(what: string): void {
    if (this.#seat?.following) throw threadBusy(what);
  }

  /** Lets go of the thread (its lock and channel), so another tab can take it over. */
  close(): void {
    this.#seat?.close();
    this.#seat = undefined;
  }

  async #loadAsWriter(seat: ThreadSeat): Promise<void> {
    const thread = this.#config.thread!;
    const journal = new ThreadJournal({ store: this.#deps.store!, id: thread, history: () => this.#history, allowed: () => this.#gate.allowed, onError: (err) => this.#storageFailed(err), now: this.#deps.now, lock: seat.lock, feed: seat.feed });
    let record;
    try {
      record = await journal.load();
    } catch (err) {
      this.#storageFailed(err);
      return;
    }
    this.#journal = journal;
    if (!record) return;
    this.#gate.allow(record.allowed ?? []);
    this.#history = record.messages;
    this.#events = record.events;
    this.#context.reset();
    this.#plan.restore(this.#events.findLast((e) => e.type === 'plan')?.tasks);
    const interruption = findInterruption(this.#history, this.#events);
    if (interruption) this.#noteInterruption(interruption);
    // Calls of older turns can only be unanswered in threads a bug or an older pageloop left so.
    if (!interruption || interruption.calls.length === 0) answerDanglingCalls(this.#history, 'Cancelled: the page was closed or reloaded before this call finished.');
    await this.#save().catch(() => {});
  }

  /**
   * Records what a reload can already say of an interrupted run: the cut-off
   * reply joins the history, calls that were running (and may not run again)
   * are answered `interrupted`, and — unless approvals still wait — the run
   * ends with reason `interrupted`, so it can be resumed.
   */
  #noteInterruption(interruption: Interruption): void {
    if (interruption.partial) this.#history.push({ role: 'assistant', content: interruption.partial });
    for (const open of interruption.calls) {
      if (open.state !== 'running' || this.#rerunnable(open.call.name)) continue;
      const result = { type: 'tool-result' as const, callId: open.call.id, name: open.call.name, status: 'interrupted' as const, error: 'the page was closed or reloaded while this call was running.' };
      this.#record(result);
      open.state = 'settled';
      open.result = result;
    }
    if (!waitsForUser(interruption)) this.#record({ type: 'final', reason: 'interrupted', text: interruption.partial });
    this.#interrupted = interruption;
  }

  /** The approval requests of an interrupted run that wait for an answer (answering one resumes the run). */
  pending(): ApprovalRequest[] {
    return structuredClone(waitingApprovals(this.#interrupted));
  }

  /**
   * Finishes a run the page died in: answers its open calls (with `first`, the
   * answer to one of its approval requests), then asks the model to carry on.
   */
  resume(runId: string, first?: { callId: string; answer: ApprovalAnswer }): Promise<FinalEvent> {
    const refused = this.#refuseFollowing('Cannot continue');
    if (refused) return Promise.resolve(refused);
    const interruption = this.#interrupted;
    if (!interruption || this.#run) {
      const message = this.#run ? 'A run is already going; wait for it to end or cancel it first.' : 'There is no interrupted run to resume.';
      const final: FinalEvent = { type: 'final', reason: 'error', text: message };
      this.#deps.host.emit([{ type: 'error', message, retryable: false, code: this.#run ? 'busy' : 'bad-request' }, final]);
      return Promise.resolve(final);
    }
    this.#interrupted = undefined;
    return this.#start(runId, undefined, () => {}, (ctx) => finishInterruptedTurn({ ...ctx, idempotent: (name) => this.#rerunnable(name) }, interruption, first));
  }

  /** True when a call of `name` the page died in may simply run again: an idempotent tool, or a read-only sub-agent. */
  #rerunnable(name: string): boolean {
    return this.#registry.get(name)?.idempotent === true || (name === DISPATCH_TOOL_NAME && !!this.#config.subAgents);
  }

  /** A new message instead of a resume: every open call of the interrupted run gets its one result first. */
  #abandonInterrupted(): void {
    const interruption = this.#interrupted;
    if (!interruption || this.#run) return;
    this.#interrupted = undefined;
    abandonInterruptedTurn({ history: this.#history, emit: (e) => this.#emit(e) }, interruption);
    if (waitsForUser(interruption)) this.#emit({ type: 'final', reason: 'cancelled', text: '' });
    this.#changed();
  }

  /** The id of the thread this session keeps, if any. */
  get thread(): string | undefined {
    return this.#config.thread;
  }

  /** Switches to thread `id` (empty if nothing is stored under it): what is pending is written first. Refused while a run goes. */
  async openThread(id: string): Promise<void> {
    if (this.#run) throw new PageloopError('busy', 'Cannot switch threads while a run is going; cancel it first.');
    await this.#save().catch(() => {});
    // Switched away: another tab may take the old thread over.
    this.close();
    this.#config = { ...this.#config, thread: id };
    this.#history = [];
    this.#events = [];
    this.#interrupted = undefined;
    this.#journal = undefined;
    // Approvals granted for good belong to the conversation they were granted in.
    this.#gate = new ApprovalGate();
    await this.load();
  }

  /** The current thread, from memory (so also right when storing failed). */
  threadRecord(): ThreadRecord | undefined {
    const id = this.#config.thread;
    if (!id) return undefined;
    const now = (this.#deps.now ?? Date.now)();
    const title = this.#journal?.title ?? defaultTitle(this.#history);
    return { schema: THREAD_SCHEMA_VERSION, id, title, createdAt: this.#journal?.createdAt ?? now, updatedAt: now, messages: this.messages(), events: this.events() };
  }

  /** Renames the current thread; stored with the next write. Resolves when it is stored (false without a working journal). */
  async renameThread(title: string): Promise<boolean> {
    this.#assertWriter('Cannot rename');
    if (!this.#journal) return false;
    this.#journal.title = title;
    await this.#save();
    return true;
  }

  /** Changes settings; a new connection or tool protocol takes effect from the next run. */
  configure(patch: Partial<SessionConfig>): void {
    // Which options the model is built from, and which name another server or model: their rows in src/settings.ts.
    const modelChanged = MODEL_KEYS.some((k) => k in patch);
    const connectionChanged = ENDPOINT_KEYS.some((k) => k in patch);
    this.#config = { ...this.#config, ...patch };
    if (modelChanged || 'toolProtocol' in patch || 'toolFormat' in patch) this.#child = undefined;
    if (modelChanged) this.#model = undefined;
    if (modelChanged || 'toolProtocol' in patch || 'toolFormat' in patch) this.#calling = undefined;
    // Another model or server has another window and tokenizer.
    if (connectionChanged) this.#context = this.#newBudget();
    else if ('contextTokens' in patch) this.#context.setContextTokens(patch.contextTokens);
  }

  #newBudget(): ContextBudget {
    const probe = this.#deps.probeContextWindow;
    const config = this.#config;
    return new ContextBudget({ contextTokens: config.contextTokens, probe: probe && ((signal) => probe(config, signal)) });
  }

  /** Replaces the agent's tools. */
  setTools(tools: readonly ToolDescriptor[]): void {
    this.#registry.set(tools);
  }

  /** True while a run is going. */
  get running(): boolean {
    return this.#run !== undefined;
  }

  /** One user turn (`overrides` for this run only). Resolves with the final event after it was emitted; never rejects. */
  send(runId: string, text: string, overrides?: SendOptions): Promise<FinalEvent> {
    const refused = this.#refuseFollowing('Cannot send');
    if (refused) return Promise.resolve(refused);
    this.#abandonInterrupted();
    return this.#start(runId, text, () => {
      this.#history.push({ role: 'user', content: text });
    }, undefined, { overrides });
  }

  /**
   * A run of workflow `name` (option `workflows`): its message states the
   * goal and steps; with planning, the steps are emitted as the initial plan.
   * An unknown name ends in an `unknown-workflow` error before anything is sent.
   */
  runWorkflow(runId: string, name: string, input?: string, options?: WorkflowRunOptions): Promise<FinalEvent> {
    let template;
    try {
      template = findWorkflow(this.#config.workflows, name);
    } catch (err) {
      const wire = toWireError(err);
      const final: FinalEvent = { type: 'final', reason: 'error', text: wire.message };
      this.#deps.host.emit([{ type: 'error', message: wire.message, retryable: false, code: wire.code }, final]);
      return Promise.resolve(final);
    }
    this.#abandonInterrupted();
    const start = workflowStart(name, template, input, !!this.#config.planning);
    const overrides: SendOptions = template.tools ? { ...options, tools: template.tools } : { ...options };
    return this.#start(runId, input, () => {
      this.#history.push({ role: 'user', content: start.message });
      const plan = start.plan && this.#plan.update({ tasks: start.plan });
      if (plan?.ok) this.#emit({ type: 'plan', tasks: plan.tasks });
    }, undefined, { overrides, workflow: name, planned: start.plan !== undefined });
  }

  /** Runs the loop again on the history as it is (e.g. after a network error). */
  retry(runId: string): Promise<FinalEvent> {
    const refused = this.#refuseFollowing('Cannot retry');
    if (refused) return Promise.resolve(refused);
    this.#abandonInterrupted();
    return this.#start(runId, undefined, () => {});
  }

  async #start(runId: string, input: string | undefined, begin: () => void, before?: (ctx: RunContext) => Promise<FinalEvent | undefined>, setup: RunSetup = {}): Promise<FinalEvent> {
    if (this.#run) {
      // Not part of the running run's stream: answered to this caller only.
      const message = 'A run is already going; wait for it to end or cancel it first.';
      return { type: 'final', reason: 'error', text: message };
    }
    const controller = new AbortController();
    this.#run = { id: runId, controller };
    if (this.#cancelledEarly.has(runId)) controller.abort();
    // Runs are one at a time, so no older id can still be waiting to start.
    this.#cancelledEarly.clear();
    const started: AgentEvent = { type: 'run-start', runId };
    if (input !== undefined) started.input = input;
    if (setup.workflow !== undefined) started.workflow = setup.workflow;
    this.#emit(started);
    begin();
    this.#changed();
    const final = withoutKey(await this.#loop(controller.signal, before, setup), this.#config.apiKey) as FinalEvent;
    if (this.#run?.controller === controller) this.#run = undefined;
    // The thread is on disk before the page hears the run is over, so a reload
    // (or dispose) right after the final event loses nothing that was shown.
    this.#record(final);
    await this.#save().catch(() => {});
    this.#deps.host.emit([final]);
    return final;
  }

  /** Runs the loop and returns its final event without emitting it; never throws. */
  async #loop(signal: AbortSignal, before?: (ctx: RunContext) => Promise<FinalEvent | undefined>, setup: RunSetup = {}): Promise<FinalEvent> {
    const fail = (err: unknown): FinalEvent => {
      const wire = toWireError(err);
      this.#emit({ type: 'error', message: wire.message, retryable: false, code: wire.code });
      return { type: 'final', reason: 'error', text: wire.message };
    };
    let model: ToolCallingModel;
    try {
      model = await this.#modelNow();
    } catch (err) {
      return fail(err);
    }
    const { planning, reflectEvery } = this.#config;
    const base: RunContext = {
      // Each model request is asked for first: the page may have cancelled the run already.
      model: gatedModel(model, this.#deps.host),
      history: this.#history,
      systemPrompt: this.#config.systemPrompt,
      maxIterations: this.#config.maxIterations ?? DEFAULT_MAX_ITERATIONS,
      registry: this.#registry,
      gate: this.#gate,
      approval: this.#config.approval ?? 'ask',
      signal,
      // The final event is held back until the thread is stored (see #start).
      emit: (e) => e.type !== 'final' && this.#emit(e),
      changed: () => this.#changed(),
      trustToolOutput: this.#config.trustToolOutput === true,
      approvalTimeoutMs: this.#config.approvalTimeoutMs,
      plan: planning ? { turn: new PlanTurn(this.#plan, planning, setup.planned), mode: planning } : undefined,
      reflectEvery,
      nudge: this.#config.nudge,
      context: this.#context,
      subAgents: this.#subAgents(),
      appState: async () => (await this.#deps.host.readContext?.()) ?? [],
    };
    let ctx: RunContext;
    try {
      ctx = withOverrides(base, setup.overrides);
    } catch (err) {
      return fail(err);
    }
    try {
      return (before && (await before(ctx))) || (await runLoop(ctx));
    } catch (err) {
      // The loop never throws; this guards against a bug so the run still ends.
      return fail(err);
    }
  }

  /** With option `subAgents`: what runs this run's `dispatch_agent` calls (the read-only ones of the run's tools). */
  #subAgents(): SubAgents | undefined {
    const options = this.#config.subAgents;
    if (!options) return undefined;
    const model = typeof options === 'object' ? options.model : undefined;
    return new SubAgents(options, { model: () => (model && model !== this.#config.model ? this.#childModel(model) : this.#modelNow()) });
  }

  /** The children's own model (`subAgents.model`), made once per connection and name. */
  #childModel(name: string): Promise<ToolCallingModel> {
    if (this.#child?.name !== name) {
      const config = { ...this.#config, model: name };
      const made = Promise.resolve(this.#deps.createModel(config)).then((raw) => new ToolCallingModel(raw, { protocol: config.toolProtocol ?? 'auto', toolFormat: config.toolFormat, generateId: this.#generateId }));
      made.catch(() => {
        if (this.#child?.model === made) this.#child = undefined;
      });
      this.#child = { name, model: made };
    }
    return this.#child.model;
  }

  /** The page's answer to an approval request; "always" is applied by the gate. */
  respond(callId: string, answer: ApprovalAnswer): void {
    if (!this.#gate.answer(callId, answer)) {
      this.#emit({ type: 'error', message: `No call "${callId}" is waiting for approval.`, retryable: false, code: 'bad-request' });
    }
    // "Always allow" is kept with the thread.
    if (answer.always) this.#journal?.touchMeta();
  }

  /** The tools allowed for good in this thread. */
  permissions(): string[] {
    return this.#gate.allowed;
  }

  /** Takes back "always allow" for `tool`; stored with the thread. */
  async revokePermission(tool: string): Promise<void> {
    this.#assertWriter('Cannot revoke');
    if (this.#gate.revoke(tool)) this.#journal?.touchMeta();
    await this.#save().catch(() => {});
  }

  /** Cancels the current run, or run `runId` if it has not started yet. */
  cancel(runId?: string): void {
    if (this.#run && (runId === undefined || this.#run.id === runId)) this.#run.controller.abort();
    else if (runId !== undefined) this.#cancelledEarly.add(runId);
  }

  /** A copy of the canonical history. */
  messages(): ChatMessage[] {
    return structuredClone(this.#history);
  }

  /** A copy of the thread's events, deltas merged. */
  events(): AgentEvent[] {
    return structuredClone(this.#events);
  }

  /** Forgets the history, the events and the stored thread; refused while a run is going. */
  async clear(): Promise<void> {
    if (this.#run) throw new PageloopError('busy', 'Cannot clear the conversation while a run is going; cancel it first.');
    this.#assertWriter('Cannot clear');
    this.#interrupted = undefined;
    this.#history = [];
    this.#events = [];
    this.#context.reset();
    this.#plan.restore(undefined);
    const { thread } = this.#config;
    this.#journal?.reset();
    if (thread && this.#journal) await this.#deps.store?.delete(thread);
    this.#seat?.feed?.publishCleared();
  }

  #emit(raw: AgentEvent): void {
    const event = withoutKey(raw, this.#config.apiKey);
    this.#record(event);
    this.#deps.host.emit([event]);
  }

  /** Adds an event to the thread's stored events, deltas merged. */
  #record(event: AgentEvent): void {
    const merged = mergeDelta(this.#events.at(-1), event);
    if (merged) this.#events[this.#events.length - 1] = merged;
    else this.#events.push(event);
    this.#journal?.append(event);
  }

  async #modelNow(): Promise<ToolCallingModel> {
    const pending = (this.#model ??= Promise.resolve(this.#deps.createModel(this.#config)));
    pending.catch(() => {
      if (this.#model === pending) this.#model = undefined;
    });
    const raw = await pending;
    // Configured while the model was being made: the wrapper made before is stale.
    if (pending !== this.#model) return this.#modelNow();
    return (this.#calling ??= new ToolCallingModel(raw, { protocol: this.#config.toolProtocol ?? 'auto', toolFormat: this.#config.toolFormat, generateId: this.#generateId }));
  }

  /** The history changed: the journal writes it with its next batch. */
  #changed(): void {
    this.#journal?.changed();
  }

  /** Writes what is pending now. */
  #save(): Promise<void> {
    return this.#journal?.flush() ?? Promise.resolve();
  }

  /** Storing failed: one coded error event, and the conversation goes on in memory. */
  #storageFailed(err: unknown): void {
    this.#journal = undefined;
    const wire = toWireError(err);
    this.#emit({ type: 'error', message: wire.message, retryable: false, code: wire.code });
  }
}
