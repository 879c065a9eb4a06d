/**
 * The contract between `createAgent` (page) and the agent's worker: types
 * only. Everything here crosses `postMessage` through Comlink, so it is
 * plain, structured-cloneable data; functions cross only as Comlink proxies
 * (the `PageHost` handed over at `init`, the `memory` object reached by path).
 * A worker method that fails rejects with a `PageloopError`, code and all
 * (Comlink's throw handler is replaced on both sides: src/errors.ts).
 */
import type { ProxyMarked } from 'comlink';
import type { MemoryWorkerApi } from './memory.js';
import type { AttachmentInput, PreparedAttachments } from '../attachment-types.js';
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, FinalEvent, SendOptions, ThreadSummary, ThreadTrace, TraceSpan, WorkflowRunOptions } from '../types.js';
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

/** A page tool call checked before it runs: valid arguments, and whether the user must approve it. */
export type PreparedCall =
  | { status: 'ready'; args: unknown; needsApproval: boolean }
  | { status: 'invalid'; error: string };

/** What the page offers the worker (a Comlink proxy of it is handed over at init). */
export interface PageHost {
  /** A batch of events, in order; deltas are coalesced (about one batch per frame). */
  emit(events: AgentEvent[]): void;
  /** Validates a page tool call's arguments and evaluates its `needsApproval`. */
  prepareTool(name: string, args: unknown): Promise<PreparedCall>;
  /** Validates and runs a page tool. Never rejects: failures are outcomes. */
  runTool(name: string, args: unknown, callId: string): Promise<ToolOutcome>;
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
}

/** One piece of the app's state (`agent.context.set`), its value read and turned into JSON text on the page. */
export interface AppStateEntry {
  name: string;
  description?: string;
  json: string;
}

/** What the worker is about to start: a worker tool's call, or a request to the model. */
export type StartRequest = { kind: 'tool'; name: string; callId: string } | { kind: 'model' };

/** What the agent's worker offers the page. A failure rejects with a `PageloopError`. */
export interface AgentWorkerApi {
  /** Sets up the agent; resolves when the stored thread (if any) is loaded. */
  init(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost): Promise<void>;
  configure(patch: Partial<WorkerConfig>): Promise<void>;
  setTools(tools: ToolDescriptor[]): Promise<void>;
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
  /** The tools allowed for good in this thread. */
  permissions(): Promise<string[]>;
  /** The thread's flight-recorder trace, or run `runId`'s only. */
  trace(runId?: string): Promise<ThreadTrace>;
  /** Starts (or stops) sending finished spans to the page host's `spans`. */
  watchSpans(on: boolean): Promise<void>;
  /** Runs the doctor on the agent's endpoint or engine (`agent.diagnose`) as request `id`; `probe` sends the one probe request. */
  diagnose(id: string, probe: boolean): Promise<Diagnosis>;
  /** Stops diagnosis `id`: its requests close and it rejects with code `aborted`. */
  cancelDiagnosis(id: string): Promise<void>;
  /** Takes back "always allow" for `tool`. */
  revokePermission(tool: string): Promise<void>;
  /** The approval requests of an interrupted run that still wait for an answer. */
  pending(): Promise<ApprovalRequest[]>;
  /** The stored events of the thread (deltas merged), for re-rendering after a reload. */
  events(): Promise<AgentEvent[]>;
  respond(callId: string, answer: ApprovalAnswer): Promise<void>;
  /**
   * A call of page tool `name` from outside the conversation (a browser agent,
   * through WebMCP): through the approvals, shown as a card, never in the
   * model's history. Resolves once its `tool-result` was emitted.
   */
  callFromOutside(callId: string, name: string, args: unknown): Promise<OutsideOutcome>;
  /** Cancels run `runId`, also when the worker has not started it yet. */
  cancel(runId: string): Promise<void>;
  messages(): Promise<ChatMessage[]>;
  /** Checks inputs against the `attachments` limits and prepares them (images downscaled here, in the worker). */
  prepareAttachments(inputs: AttachmentInput[]): Promise<PreparedAttachments>;
  /** The bytes of one of the thread's attachments (or its kept original), or undefined when not kept. */
  attachment(id: string, original: boolean): Promise<Blob | undefined>;
  clear(): Promise<void>;
  /** The stored threads (the page's `agent.threads`). */
  listThreads(): Promise<ThreadSummary[]>;
  /** Makes `id` the agent's thread and loads it; refused (`busy`) while a run goes. */
  openThread(id: string): Promise<void>;
  deleteThread(id: string): Promise<void>;
  renameThread(id: string, title: string): Promise<void>;
  /** The thread as JSON text in the thread-file format. */
  exportThread(id: string): Promise<string>;
  /** Stores a thread file (JSON text or the parsed object); resolves with the id it was stored under. */
  importThread(file: unknown): Promise<string>;
  /**
   * The agent's vector memory (the same engine its memory tools use). Marked
   * as proxied because the page calls its methods along the path
   * (`remote.memory.add(…)`); the object itself never crosses.
   */
  memory: MemoryWorkerApi & ProxyMarked;
  /** The agent's MCP servers (option `mcp`), reached by path like `memory`; with no servers, every list is empty. */
  mcp: AgentMcp & ProxyMarked;
}
