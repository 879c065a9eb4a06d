/**
 * The contract between `createAgent` (page) and the agent's worker: types
 * only. Everything here crosses `postMessage` through Comlink, so it is
 * plain, structured-cloneable data; functions cross only as Comlink proxies
 * (the `PageHost` handed over at `init`, the `memory` object reached by path).
 * A worker method that fails rejects with a `PageloopError`, code and all
 * (Comlink's throw handler is replaced on both sides: src/errors.ts).
 */
import type { ProxyMarked, Remote } from 'comlink';
import type { MemoryWorkerApi } from './memory.js';
import type { AttachmentInput, PreparedAttachments } from '../attachment-types.js';
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, FinalEvent, SendOptions, ThreadSummary, ThreadTrace, TraceSpan, UndoOutcome, WorkflowRunOptions } from '../types.js';
import type { JSONSchema, ToolKind, WorkerToolSpec } from '../tool-types.js';
import type { WorkerSettings } from '../settings.js';
import type { AgentMcp } from '../mcp-types.js';
import type { Diagnosis } from '../diagnosis-types.js';

/** How a tool decides approval, as the worker sees it. `dynamic` asks the page per call. */
export type ApprovalMode = 'always' | 'never' | 'dynamic';

/** A tool as the worker knows it: its description for the model and where it runs. */
export interface ToolDescriptor {
  name: string;
  description: string;
  parameters: JSONSchema;
  kind: ToolKind;
  approval: ApprovalMode;
  /** Safe to run again when the page died while it ran. */
  idempotent?: boolean;
  /** For worker tools: the built-in the worker constructs. */
  worker?: WorkerToolSpec;
  /** Results carry outside content (`Tool.untrustedOutput`): the loop marks them as untrusted data. */
  untrustedOutput?: true;
  /** It only reads (`Tool.readOnly`): sub-agents may be offered it. */
  readOnly?: true;
  /** A call waits for the user's answer on the page (`Tool.awaitsUser`). */
  awaitsUser?: true;
  /** Not offered to the model, only called from outside the conversation: an MCP App's own tool (`_meta.ui.visibility` without `model`). */
  modelHidden?: true;
  /** Its calls can be taken back (`Tool.undo`, run on the page by `undoTool`). */
  undoable?: true;
}

/**
 * The agent's settings as they cross to the worker: exactly the options whose
 * row in the settings table (src/settings.ts) says they cross, picked from
 * `AgentOptions` by the page (tools cross separately, as descriptors; anything
 * else an app put on its options object stays home).
 */
export type WorkerConfig = WorkerSettings;

/** What a tool call came to (a page tool's, answered by `runTool`, or a worker tool's). */
export type ToolOutcome =
  | { status: 'ok'; result: unknown }
  /** The arguments failed the tool's schema; `error` says which field and what was expected. */
  | { status: 'invalid'; error: string }
  | { status: 'error'; error: string }
  | { status: 'cancelled'; error: string };

/** What came of a call from outside the conversation (`callFromOutside`): the tool's outcome, or `denied` by the user. */
export type OutsideOutcome = Exclude<ToolOutcome, { status: 'invalid' }> | { status: 'denied'; error: string };

/** A page tool call checked against its schema, and its own rule (`needsApproval` as a function) evaluated with the checked arguments. */
export type PreparedCall =
  | { status: 'ready'; args: unknown; needsApproval: boolean }
  | { status: 'invalid'; error: string };

/** A call that waits for the user's approval, as the worker asks the page for the answer (`askApproval`). */
export interface ApprovalAsk {
  callId: string;
  name: string;
  /** The arguments the user is asked about: what the model proposed. */
  args: unknown;
  /** A page tool whose arguments the page checks first (it owns the schema): an invalid call is answered `invalid` and never shown. */
  check: boolean;
  /** The policy lets the page show the call's preview (`Tool.preview`) while it waits. */
  preview?: true;
}

/** The answer to an `ApprovalAsk`. */
export type AskAnswer =
  /** Run it with `args` (`edited`: the user changed them; `checked`: the page checked them against the tool's schema, so the run does not check again). */
  | { status: 'approved'; args: unknown; edited: boolean; always: boolean; checked: boolean }
  | { status: 'denied'; message?: string }
  /** The arguments (the model's, or the user's edit, `editedArgs`) failed the tool's schema. */
  | { status: 'invalid'; error: string; editedArgs?: unknown }
  /** The worker took the question back (`settleAsks`): the call settled otherwise. */
  | { status: 'withdrawn' };

/** What the page offers the worker (a Comlink proxy of it is handed over at init). */
export interface PageHost {
  /** A batch of events, in order; deltas are coalesced (about one batch per frame). */
  emit(events: AgentEvent[]): void;
  /** Checks a page tool call's arguments and evaluates its `needsApproval` function: asked only for tools whose rule is a function. */
  checkTool(name: string, args: unknown): Promise<PreparedCall>;
  /**
   * Asks the user about a call (its `approval-request` was emitted) and
   * resolves with the answer: the one crossing of an approval, there and back.
   */
  askApproval?(ask: ApprovalAsk): Promise<AskAnswer>;
  /** Settles questions the worker no longer waits on (cancelled, timed out: `withdrawn`), or that "always" approved along (`approved`). */
  settleAsks?(callIds: string[], as: 'withdrawn' | 'approved'): void;
  /**
   * Takes back a finished call of page tool `name` (its `undo`, with the
   * arguments it ran with and its stored result). Never rejects: a failure
   * is `{ status: 'error', error }`, saying why.
   */
  undoTool?(name: string, args: unknown, result: unknown, callId: string): Promise<UndoToolOutcome>;
  /** Runs a page tool; `checked`: the arguments were checked already (approved through `askApproval`). Never rejects: failures are outcomes. */
  runTool(name: string, args: unknown, callId: string, checked: boolean): Promise<ToolOutcome>;
  /** Fires the AbortSignal of a running page tool call. */
  abortTool(callId: string): void;
  /**
   * Asked before a worker tool or a model request starts: false once the page
   * has cancelled the run (the worker may not have heard of the cancel yet).
   */
  mayStart(request: StartRequest): Promise<boolean>;
  /**
   * Opens an MCP server's sign-in page (`authorizationUrl`, the OAuth flow of
   * a server that needs it) in a popup on the page and resolves with the
   * authorization code the redirect page got back for `state`; rejects when
   * the popup was blocked, closed, refused or timed out.
   */
  signInPopup?(server: string, authorizationUrl: string, state: string): Promise<string>;
  /** The app's state now (`agent.context`), each value as JSON text; asked as each model request is built. */
  readContext?(): Promise<AppStateEntry[]>;
  /** Spans as they end, for the page's `agent.onSpan` listeners: sent only while the page asked for them (`watchSpans`). */
  spans?(spans: TraceSpan[]): void;
  /**
   * Checks an A2UI surface a tool's result carries (an MCP server's) against
   * the page's catalogs, where they live, before the result is passed on: a
   * refused one is the call's error. Loads the A2UI chunk on first use.
   */
  checkSurface?(messages: unknown[]): Promise<SurfaceCheck>;
  /**
   * The client's A2UI capabilities, as A2UI writes them (`{ "v0.9": {
   * supportedCatalogIds } }`: the ids of the catalogs the page draws), for
   * MCP servers (declared at initialize and with each call).
   */
  a2uiCapabilities?(): Promise<Record<string, unknown>>;
}

/** What the page's check of an A2UI surface found: `error` names every problem. */
export type SurfaceCheck = { ok: true } | { ok: false; error: string };

/** What came of a page tool's `undo`. */
export type UndoToolOutcome = { status: 'ok' } | { status: 'error'; error: string };

/** One piece of the app's state (`agent.context.set`), its value read and turned into JSON text on the page. */
export interface AppStateEntry {
  name: string;
  description?: string;
  json: string;
}

/** What the worker is about to start: a worker tool's call, or a request to the model. */
export type StartRequest = { kind: 'tool'; name: string; callId: string } | { kind: 'model' };

/**
 * What a remote run's first request needs from the page, sent by the page
 * right behind the run's start (`startAhead`) instead of waiting to be asked:
 * the start gate's answer for a model request (`PageHost.mayStart`) and the
 * app's state (`PageHost.readContext`), both as the page had them then.
 */
export interface RunAnswers {
  mayStart: boolean;
  context: AppStateEntry[];
}

/**
 * The run a worker was ended in because it did not answer Stop in time
 * (option `stopGraceMs`): the fresh worker started in its place ends it, as a
 * reload would find it, with every open call `cancelled` and `message` said.
 */
export interface StoppedRun {
  runId: string;
  /** The notice the run ends with (an `error` event of code `worker-restarted`), and the open calls' error. */
  message: string;
}

/**
 * The agent's worker as the page first reaches it: one method, which sets
 * the agent up and hands back its API. A failure rejects with a `PageloopError`.
 */
export interface AgentWorkerEntry {
  /**
   * Sets up the agent; resolves, once the stored thread (if any) is loaded, with the agent's API (a Comlink proxy).
   * With `stopped`, this worker replaces one that did not answer Stop: that run is ended (events emitted, stored) before it resolves.
   */
  start(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost, stopped?: StoppedRun): Promise<AgentWorkerApi & ProxyMarked>;
}

/**
 * What the agent's worker offers the page: declared once, here. The worker's
 * agent implements it (src/worker/agent-worker.ts) and the page calls it as
 * Comlink's `Remote<AgentWorkerApi>`, every method a promise there. Members
 * that are objects (`threads`, `attachments`, `doctor`, `memory`, `mcp`) are
 * reached by path (`remote.threads.list()`); they never cross themselves.
 * A failure rejects with a `PageloopError`, code and all.
 */
export interface AgentWorkerApi {
  configure(patch: Partial<WorkerConfig>): void;
  setTools(tools: readonly ToolDescriptor[]): void;
  /** Runs one user turn (with `options` for this run only); resolves with the final event after it has been emitted. */
  send(runId: string, text: string, options?: SendOptions): Promise<FinalEvent>;
  /** Runs workflow `name` of the config's `workflows`; resolves with the final event after it has been emitted. */
  runWorkflow(runId: string, name: string, input?: string, options?: WorkflowRunOptions): Promise<FinalEvent>;
  /** Runs the loop again on the history as it is (after an error), adding no user message. */
  retry(runId: string): Promise<FinalEvent>;
  /**
   * Finishes a run the page died in (found when the thread loaded): with
   * `first`, the answer to one of its waiting approval requests. Resolves
   * with the final event after it has been emitted.
   */
  resume(runId: string, first?: { callId: string; answer: ApprovalAnswer }): Promise<FinalEvent>;
  /** The state shared with a remote AG-UI agent (option `agui`), as the thread last set it. */
  sharedState(): unknown;
  /** Replaces the shared state: stored with the thread, sent with the next remote run. */
  setState(state: unknown): void;
  /** Keeps what the user entered in an A2UI surface (its whole data model) with the thread: an `a2ui-data` event. */
  keepSurfaceData(callId: string, surfaceId: string, dataModel: Record<string, unknown>): void;
  /** The tools allowed for good in this thread. */
  permissions(): string[];
  /** The thread's flight-recorder trace, or run `runId`'s only. */
  trace(runId?: string): ThreadTrace;
  /** Starts (or stops) sending finished spans to the page host's `spans`. */
  watchSpans(on: boolean): void;
  /** Takes back "always allow" for `tool`. */
  revokePermission(tool: string): Promise<void>;
  /** The approval requests of an interrupted run that still wait for an answer. */
  pending(): ApprovalRequest[];
  /** The stored events of the thread (deltas merged), for re-rendering after a reload. */
  events(): AgentEvent[];
  /** An answer the page holds no question for (its questions are answered on the page: `askApproval`). */
  respond(callId: string, answer: ApprovalAnswer): void;
  /**
   * A call of page tool `name` from outside the conversation (a browser agent,
   * through WebMCP): through the approvals, shown as a card, never in the
   * model's history. Resolves once its `tool-result` was emitted.
   */
  callFromOutside(callId: string, name: string, args: unknown): Promise<OutsideOutcome>;
  /** Cancels the current run, or run `runId` if it has not started yet. */
  cancel(runId?: string): void;
  /**
   * The page's answers for run `runId`'s first request (option `agui`), sent
   * right behind its start so that request need not ask the page and wait for
   * it to draw the sent message first (src/agent/run-ahead.ts).
   */
  startAhead(runId: string, answers: RunAnswers): void;
  /** Takes back call `callId` (`agent.undo`); rejects `not-undoable` or `busy`. */
  undo(callId: string): Promise<UndoOutcome>;
  /** Takes back run `runId`'s calls, last first (`agent.undoRun`); rejects `not-undoable` or `busy`. */
  undoRun(runId: string): Promise<UndoOutcome>;
  messages(): ChatMessage[];
  /** Writes what the thread has queued and stores nothing after (the page asks it as it disposes the agent, before the worker ends). */
  save(): Promise<void>;
  clear(): Promise<void>;
  /** The thread's files: check inputs against the `attachments` limits and prepare them (images downscaled in the worker); read one's bytes. */
  readonly attachments: AttachmentsApi & ProxyMarked;
  /** The stored threads (the page's `agent.threads`). */
  readonly threads: ThreadsApi & ProxyMarked;
  /** The doctor, on the agent's endpoint or engine (`agent.diagnose`). */
  readonly doctor: DoctorApi & ProxyMarked;
  /** The agent's vector memory (the same engine its memory tools use). */
  readonly memory: MemoryWorkerApi & ProxyMarked;
  /** The agent's MCP servers (option `mcp`); with no servers, every list is empty. */
  readonly mcp: AgentMcp & ProxyMarked;
}

/** A call to the agent's worker as the page makes it (through the agent's link, so it settles also when the worker dies). */
export type AgentWorkerCall = <R>(invoke: (remote: Remote<AgentWorkerApi>) => Promise<R>) => Promise<R>;

/** The thread's files, in the worker. */
export interface AttachmentsApi {
  /** Checks inputs against the `attachments` limits and prepares them. */
  prepare(inputs: AttachmentInput[]): Promise<PreparedAttachments>;
  /** The bytes of one of the thread's attachments (or its kept original), or undefined when not kept. */
  read(id: string, original?: boolean): Promise<Blob | undefined>;
}

/** The stored threads of the origin, in the worker. */
export interface ThreadsApi {
  list(): Promise<ThreadSummary[]>;
  /** Makes `id` the agent's thread and loads it; refused (`busy`) while a run goes. */
  open(id: string): Promise<void>;
  delete(id: string): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  /** The thread as JSON text in the thread-file format, or in AG-UI's event form (`ag-ui`). */
  export(id: string, format?: 'pageloop' | 'ag-ui'): Promise<string>;
  /** Stores a thread file (JSON text or the parsed object); resolves with the id it was stored under. */
  import(file: unknown): Promise<string>;
}

/** The doctor, in the worker. */
export interface DoctorApi {
  /** Runs the doctor as request `id`; `probe` sends the one probe request. */
  diagnose(id: string, probe: boolean): Promise<Diagnosis>;
  /** Stops diagnosis `id`: its requests close and it rejects with code `aborted`. */
  cancel(id: string): void;
}
