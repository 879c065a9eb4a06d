/**
 * The contract between `createAgent` (page) and the agent's worker: types
 * only. Everything here crosses `postMessage` through Comlink, so it is
 * plain, structured-cloneable data; functions cross only as Comlink proxies
 * (the `PageHost` handed over at `init`, the `memory` object reached by path).
 * Every worker method resolves with an `Outcome` (see ./errors.ts).
 */
import type { ProxyMarked } from 'comlink';
import type { Outcome } from './errors.js';
import type { MemoryWorkerApi } from './memory.js';
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, ChatMessage, EngineOptions, FinalEvent, JSONSchema, SendOptions, SubAgentOptions, ThreadSummary, ToolKind, ToolFormat, ToolProtocol, WorkerToolSpec, WorkflowRunOptions, WorkflowTemplate } from '../types.js';
import type { MemoryOptions } from '../memory/types.js';

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
}

/**
 * The agent's settings as they cross to the worker: exactly these fields,
 * picked from `AgentOptions` by the page (tools cross separately, as
 * descriptors; anything else an app put on its options object stays home).
 */
export interface WorkerConfig {
  baseURL: string;
  model: string;
  apiKey?: string;
  headers?: Record<string, string>;
  systemPrompt?: string;
  maxIterations?: number;
  toolProtocol?: ToolProtocol;
  /** Narrows text-protocol call detection to one model family's format. */
  toolFormat?: ToolFormat;
  approval?: 'ask' | 'auto';
  /** Deny a call whose approval nobody answered within this many ms. */
  approvalTimeoutMs?: number;
  /** The IndexedDB thread id; absent means the history lives only in the worker. */
  thread?: string;
  maxRetries?: number;
  timeoutMs?: number;
  idleTimeoutMs?: number;
  maxRetryWaitMs?: number;
  /** See `AgentOptions.trustToolOutput`. */
  trustToolOutput?: boolean;
  /** URL of a module whose `createModel()` the worker uses instead of HTTP. */
  modelModule?: string;
  /** The agent's vector memory. */
  memory?: MemoryOptions;
  /** The model's context window in tokens; absent: learned from the server, else 8192. */
  contextTokens?: number;
  /** Offer `update_plan`; `'first'` asks for a plan before acting. */
  planning?: boolean | 'first';
  /** A self-check every this many model calls. */
  reflectEvery?: number;
  /** Offer `dispatch_agent`: read-only sub-agents with these settings (`true`: the defaults). */
  subAgents?: boolean | SubAgentOptions;
  /** See `AgentOptions.nudge` (absent: on). */
  nudge?: boolean;
  /** A GGUF model the worker runs itself instead of calling `baseURL` (a URL resolved against the page, or a File/Blob). */
  engine?: EngineOptions;
  /** Named task templates (`runWorkflow`). */
  workflows?: Record<string, WorkflowTemplate>;
}

/** What a page tool call came to. */
export type PageToolOutcome =
  | { status: 'ok'; result: unknown }
  /** The arguments failed the tool's schema; `error` says which field and what was expected. */
  | { status: 'invalid'; error: string }
  | { status: 'error'; error: string }
  | { status: 'cancelled'; error: string };

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
  runTool(name: string, args: unknown, callId: string): Promise<PageToolOutcome>;
  /** Fires the AbortSignal of a running page tool call. */
  abortTool(callId: string): void;
  /**
   * Asked before a worker tool or a model request starts: false once the page
   * has cancelled the run (the worker may not have heard of the cancel yet).
   */
  mayStart(request: StartRequest): Promise<boolean>;
  /** The app's state now (`agent.context`), each value as JSON text; asked as each model request is built. */
  readContext?(): Promise<AppStateEntry[]>;
}

/** One piece of the app's state (`agent.context.set`), its value read and turned into JSON text on the page. */
export interface AppStateEntry {
  name: string;
  description?: string;
  json: string;
}

/** What the worker is about to start: a worker tool's call, or a request to the model. */
export type StartRequest = { kind: 'tool'; name: string; callId: string } | { kind: 'model' };

/** What the agent's worker offers the page. Every method resolves with an outcome. */
export interface AgentWorkerApi {
  /** Sets up the agent; resolves when the stored thread (if any) is loaded. */
  init(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost): Promise<Outcome<void>>;
  configure(patch: Partial<WorkerConfig>): Promise<Outcome<void>>;
  setTools(tools: ToolDescriptor[]): Promise<Outcome<void>>;
  /** Runs one user turn (with `options` for this run only); resolves with the final event after it has been emitted. */
  send(runId: string, text: string, options?: SendOptions): Promise<Outcome<FinalEvent>>;
  /** Runs workflow `name` of the config's `workflows`; resolves with the final event after it has been emitted. */
  runWorkflow(runId: string, name: string, input?: string, options?: WorkflowRunOptions): Promise<Outcome<FinalEvent>>;
  /** Runs the loop again on the history as it is (after an error), adding no user message. */
  retry(runId: string): Promise<Outcome<FinalEvent>>;
  /**
   * Finishes a run the page died in (found when the thread loaded): with
   * `first`, the answer to one of its waiting approval requests. Resolves
   * with the final event after it has been emitted.
   */
  resume(runId: string, first?: { callId: string; answer: ApprovalAnswer }): Promise<Outcome<FinalEvent>>;
  /** The tools allowed for good in this thread. */
  permissions(): Promise<Outcome<string[]>>;
  /** Takes back "always allow" for `tool`. */
  revokePermission(tool: string): Promise<Outcome<void>>;
  /** The approval requests of an interrupted run that still wait for an answer. */
  pending(): Promise<Outcome<ApprovalRequest[]>>;
  /** The stored events of the thread (deltas merged), for re-rendering after a reload. */
  events(): Promise<Outcome<AgentEvent[]>>;
  respond(callId: string, answer: ApprovalAnswer): Promise<Outcome<void>>;
  /** Cancels run `runId`, also when the worker has not started it yet. */
  cancel(runId: string): Promise<Outcome<void>>;
  messages(): Promise<Outcome<ChatMessage[]>>;
  clear(): Promise<Outcome<void>>;
  /** The stored threads (the page's `agent.threads`). */
  listThreads(): Promise<Outcome<ThreadSummary[]>>;
  /** Makes `id` the agent's thread and loads it; refused (`busy`) while a run goes. */
  openThread(id: string): Promise<Outcome<void>>;
  deleteThread(id: string): Promise<Outcome<void>>;
  renameThread(id: string, title: string): Promise<Outcome<void>>;
  /** The thread as JSON text in the thread-file format. */
  exportThread(id: string): Promise<Outcome<string>>;
  /** Stores a thread file (JSON text or the parsed object); resolves with the id it was stored under. */
  importThread(file: unknown): Promise<Outcome<string>>;
  /**
   * The agent's vector memory (the same engine its memory tools use). Marked
   * as proxied because the page calls its methods along the path
   * (`remote.memory.add(…)`); the object itself never crosses.
   */
  memory: MemoryWorkerApi & ProxyMarked;
}
