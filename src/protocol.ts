/**
 * The contract between the page and the worker: types only, nothing else.
 * Everything here crosses `postMessage` through Comlink, so it is plain,
 * structured-cloneable data (functions cross only as Comlink proxies).
 */
import type { WireError } from './errors.js';
import type {
  AgentEvent,
  AgentOptions,
  ApprovalAnswer,
  ChatMessage,
  FinalEvent,
  JSONSchema,
  ToolKind,
  WorkerToolSpec,
} from './types.js';

/** How a tool decides approval, as the worker sees it. `dynamic` asks the page per call. */
export type ApprovalMode = 'always' | 'never' | 'dynamic';

/** A tool as the worker knows it: its description for the model and where it runs. */
export interface ToolDescriptor {
  name: string;
  description: string;
  parameters: JSONSchema;
  kind: ToolKind;
  approval: ApprovalMode;
  /** For worker tools: the built-in the worker constructs. */
  worker?: WorkerToolSpec;
}

/** The agent's settings as they cross to the worker (tools go separately, as descriptors). */
export type WorkerConfig = Omit<AgentOptions, 'tools'>;

/** What a page tool call came to. */
export type PageToolOutcome =
  | { status: 'ok'; result: unknown }
  | { status: 'invalid'; error: string }
  | { status: 'error'; error: string }
  | { status: 'cancelled'; error: string }
  /** Arguments are valid and the tool wants approval before it runs; `args` are the parsed ones. */
  | { status: 'needs-approval'; args: unknown };

/** What the page offers the worker (a Comlink proxy of it is handed over at init). */
export interface PageHost {
  /** A batch of events, in order; deltas are coalesced (about one batch per frame). */
  emit(events: AgentEvent[]): void;
  /**
   * Validates and, unless it needs approval first, runs a page tool.
   * `approved` says the user already approved this call (run without asking).
   */
  runTool(name: string, args: unknown, callId: string, approved: boolean): Promise<PageToolOutcome>;
  /** Fires the AbortSignal of a running page tool call. */
  abortTool(callId: string): void;
}

/** What the worker offers the page. */
export interface WorkerApi {
  /** Sets up the agent; resolves when the stored thread (if any) is loaded. */
  init(config: WorkerConfig, tools: ToolDescriptor[], host: PageHost): Promise<void>;
  configure(patch: Partial<WorkerConfig>): void;
  setTools(tools: ToolDescriptor[]): void;
  /** Runs one user turn; resolves with the final event after it has been emitted. */
  send(runId: string, text: string): Promise<FinalEvent>;
  respond(callId: string, answer: ApprovalAnswer): void;
  cancel(): void;
  messages(): Promise<ChatMessage[]>;
  clear(): Promise<void>;
}

/** A failed worker call, as the page receives it. */
export type WorkerFailure = WireError;
