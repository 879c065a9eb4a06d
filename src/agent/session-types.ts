/**
 * The loop's own view of its surroundings: its settings, the tools it may
 * call, and the host that carries its events out and runs the tools it
 * cannot run itself. These are the loop's types, not the wire's: the worker
 * entry (src/worker/agent-worker.ts) adapts the page↔worker protocol to them,
 * and a test or a benchmark can host a session with no worker at all.
 */
import type { AppStateEntry } from './app-context.js';
import type { AgentEvent, EngineOptions, JSONSchema, SubAgentOptions, ToolKind, ToolFormat, ToolProtocol, WorkerToolSpec, WorkflowTemplate } from '../types.js';

/** What a session is configured with. */
export interface SessionConfig {
  /** The endpoint and model; handed as a whole to `createModel`. */
  baseURL: string;
  model: string;
  apiKey?: string;
  headers?: Record<string, string>;
  maxRetries?: number;
  timeoutMs?: number;
  idleTimeoutMs?: number;
  maxRetryWaitMs?: number;
  /** After untrusted tool output, tools allowed for good ask again unless this is true. */
  trustToolOutput?: boolean;
  /** URL of a module whose `createModel()` is used instead of HTTP. */
  modelModule?: string;
  /** A GGUF model run in the worker instead of HTTP (the worker's `createModel` picks its engine). */
  engine?: EngineOptions;
  systemPrompt?: string;
  /** Counts model calls; default 10. */
  maxIterations?: number;
  toolProtocol?: ToolProtocol;
  /** Narrows call detection to one model family's format. */
  toolFormat?: ToolFormat;
  /** Default 'ask'. */
  approval?: 'ask' | 'auto';
  /** Deny a call whose approval nobody answered within this many ms. */
  approvalTimeoutMs?: number;
  /** The stored thread's id; absent means the history is not stored. */
  thread?: string;
  /** The model's context window in tokens; absent: learned from the server, else 8192. */
  contextTokens?: number;
  /** Offer `update_plan`; `'first'` asks for a plan before the first other tool call of a run. */
  planning?: boolean | 'first';
  /** A self-check note every this many model calls. */
  reflectEvery?: number;
  /** Named task templates, started with `runWorkflow`. */
  workflows?: Record<string, WorkflowTemplate>;
  /** Offer `dispatch_agent` (src/agent/sub-agent.ts); `true`: the defaults. */
  subAgents?: boolean | SubAgentOptions;
  /** One reminder a run when the model announces an action and calls nothing; absent: on. */
  nudge?: boolean;
}

/** A tool as the loop knows it: what the model is told, where it runs, and how approval is decided. */
export interface ToolDescriptor {
  name: string;
  description: string;
  parameters: JSONSchema;
  kind: ToolKind;
  /** `dynamic`: the host decides per call (`prepareTool`). */
  approval: 'always' | 'never' | 'dynamic';
  /** Safe to run again when the page died while it ran (run again on resume, not reported interrupted). */
  idempotent?: boolean;
  /** For worker tools: the built-in the session constructs. */
  worker?: WorkerToolSpec;
  /** Results carry outside content (fetch, DOM reads): marked as untrusted data for the model. */
  untrustedOutput?: true;
  /** It only reads: offered to sub-agents when it also needs no approval (src/agent/sub-agent.ts). */
  readOnly?: true;
  /** A call waits for the user's answer on the page (`render` without `execute`): announced by `input-request`, not `tool-start`. */
  awaitsUser?: true;
}

/** A call checked before it runs: valid arguments, and whether the user must approve it. */
export type PreparedCall =
  | { status: 'ready'; args: unknown; needsApproval: boolean }
  | { status: 'invalid'; error: string };

/** What running a tool came to. */
export type ToolOutcome =
  | { status: 'ok'; result: unknown }
  /** The arguments failed the tool's schema; `error` says which field and what was expected. */
  | { status: 'invalid'; error: string }
  | { status: 'error'; error: string }
  | { status: 'cancelled'; error: string };

/** Runs the tools whose powers live elsewhere (on the page). */
export interface ToolHost {
  /** Validates a call's arguments and evaluates its approval rule. */
  prepareTool(name: string, args: unknown): Promise<PreparedCall>;
  /** Validates and runs a tool. Never rejects: failures are outcomes. */
  runTool(name: string, args: unknown, callId: string): Promise<ToolOutcome>;
  /** Fires the AbortSignal of a running call. */
  abortTool(callId: string): void;
  /**
   * Asked before a worker tool or a model request starts (see start-gate.ts);
   * absent: everything may start (a session hosted with no page).
   */
  mayStart?(request: StartRequest): Promise<boolean>;
  /** The app's state now (`agent.context`), for the next model request; absent: none. */
  readContext?(): Promise<AppStateEntry[]>;
}

/** What the loop is about to start: a worker tool's call, or a request to the model. */
export type StartRequest = { kind: 'tool'; name: string; callId: string } | { kind: 'model' };

/** A session's surroundings: where its events go, and its tool host. */
export interface SessionHost extends ToolHost {
  /** A batch of events, in order. */
  emit(events: AgentEvent[]): void;
}
