/**
 * The public types of pageloop: what an app passes to `createAgent`, what the
 * agent emits, and the OpenAI-format history it keeps. Everything here is plain
 * data that survives structured cloning, because all of it crosses the worker.
 * The memory's own types stay with the memory (src/memory/types.ts, the
 * bottom floor); the agent's options and handle refer to them from here.
 */
import type { Memory, MemoryOptions } from './memory/types.js';
import type { ToolRender, ToolViewOptions } from './tools/tool-view.js';
import type { FinalReason, FinalEvent, ToolResultStatus, ApprovalRequest, AgentEvent, SubAgentEvent, ContextEvent, PlanTaskStatus, PlanTask, EngineStatus, EngineSource } from './agent-events.js';

/** The events an agent emits, and what they carry (src/agent-events.ts). */
export type { FinalReason, FinalEvent, ToolResultStatus, ApprovalRequest, AgentEvent, SubAgentEvent, ContextEvent, PlanTaskStatus, PlanTask, EngineStatus, EngineSource } from './agent-events.js';
export type { ToolCallStatus, ToolRender, ToolRenderProps, ToolView, ToolViewOptions } from './tools/tool-view.js';

/** A JSON Schema object, as accepted for a tool's `parameters`. */
export type JSONSchema = { [key: string]: unknown };

/**
 * Option `subAgents`: the built-in `dispatch_agent {task}` runs a child loop
 * with only the read-only tools (`readOnly: true`, needing no approval) and
 * returns its final text as the call's result. `true` takes every default.
 */
export interface SubAgentOptions {
  /** The child's budget of model calls; default 5. */
  maxIterations?: number;
  /** Another model of the same endpoint for the children; default the agent's model. */
  model?: string;
  /** The child's instructions, in place of the default ones (which say: read only, answer the task for the agent that asked). */
  systemPrompt?: string;
}


/** The answer to one approval request. */
export interface ApprovalAnswer {
  approve: boolean;
  /** Replacement arguments; validated again before the tool runs. */
  args?: unknown;
  /** Allow this tool without asking for the rest of the agent's life. */
  always?: boolean;
  /** Shown to the model when the call is denied. */
  message?: string;
}

/** A tool call as the OpenAI chat format writes it in an assistant message. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** One message of the OpenAI-format history. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** What a tool's `execute` receives besides its arguments. */
export interface ToolContext {
  /** Fires when the run is cancelled or the agent disposed. */
  signal: AbortSignal;
  callId: string;
}

/**
 * Decides, per call, whether a tool needs the user's approval. (Written as a
 * method type so a `Tool<{ id: string }>` is still a `Tool`: method parameters
 * are compared bivariantly.)
 */
export type NeedsApproval<A> = boolean | { rule(args: A): boolean | Promise<boolean> }['rule'];

/**
 * Where a tool runs. `page` tools are closures the page registered and are
 * reached from the worker through Comlink; `worker` tools are built-ins the
 * worker constructs itself from plain options (fetch, memory), so they never
 * cross the boundary.
 */
export type ToolKind = 'page' | 'worker';

/** A tool the agent may call. Made by `defineTool` or a built-in factory. */
export interface Tool<A = unknown, R = unknown> {
  readonly kind: ToolKind;
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments, as sent to the model. */
  readonly parameters: JSONSchema;
  readonly needsApproval: NeedsApproval<A>;
  /** Running it twice does no harm: a call the page died in is run again on resume instead of being reported interrupted. */
  readonly idempotent?: boolean;
  /**
   * Checks arguments against the tool's schema (zod or JSON Schema). A JSON
   * Schema validator loads on first use, so that first check may be a promise.
   */
  validate(args: unknown): ValidationResult<A> | Promise<ValidationResult<A>>;
  execute(args: A, ctx: ToolContext): Promise<R> | R;
  /** For `worker` tools: which built-in the worker builds, and its options. */
  readonly worker?: WorkerToolSpec;
  /**
   * True when the tool's results carry content nobody vouches for — a fetched
   * page, the page's own text — which may hold planted instructions. The loop
   * hands such results to the model marked as untrusted data. Set by
   * `fetchTool`, `domTools` and `domActions`; pass `untrustedOutput: true` to
   * `defineTool` for your own tools that return outside content.
   */
  readonly untrustedOutput?: boolean;
  /** Renders the call as the app's own UI in its card, on the page (`defineTool({ render })`). */
  readonly render?: ToolRender<A, R>;
  /** How a rendered card is framed. */
  readonly view?: ToolViewOptions;
  /**
   * True for a tool defined with `render` and no `execute`: a call waits for
   * the user's answer (`props.respond`, `agent.answer`), which is its result.
   */
  readonly awaitsUser?: true;
  /** Checks the user's answer to a waiting call against the tool's `result` schema. */
  validateResult?(value: unknown): ValidationResult<R> | Promise<ValidationResult<R>>;
  /**
   * True when the tool only reads (looks up, searches, reads the page) and
   * never changes anything: sub-agents (option `subAgents`) are offered only
   * such tools, and only those that need no approval. Set on `domTools`,
   * `memory_search` and a GET-only `fetchTool`.
   */
  readonly readOnly?: boolean;
}

/** A built-in tool the worker constructs from plain, cloneable options. */
export interface WorkerToolSpec {
  factory: string;
  options: unknown;
  /**
   * Options that build a read-only form of a tool that can also write, for
   * sub-agents: `fetchTool` with POST allowed gives its GET/HEAD-only form
   * here, so a child can read but never post.
   */
  readOnlyOptions?: unknown;
}

/** The app's state as context for the model (`agent.context`). */
export interface AgentContext {
  /**
   * Sets piece `name` of the app's state (the open record, the user's role,
   * the filter). `value` must have a JSON form; it is read when each request
   * is built. `description` tells the model what it is.
   */
  set(name: string, value: unknown, options?: { description?: string }): void;
  /** Takes piece `name` away; false when there was none. */
  delete(name: string): boolean;
  /** The value of piece `name`, if set. */
  get(name: string): unknown;
  /** Every piece, in the order first set. */
  entries(): AgentContextEntry[];
}

/** One piece of the app's state. */
export interface AgentContextEntry {
  name: string;
  value: unknown;
  description?: string;
}

/** The outcome of validating tool arguments. */
export type ValidationResult<A> =
  | { ok: true; value: A }
  | { ok: false; error: string };

/** How tool calls are written: native `tools`, a text protocol, or native with a fallback. */
export type ToolProtocol = 'auto' | 'native' | 'text';

/**
 * The family whose tool-call markup a model writes in its reply text, when a
 * server passes it through raw. Only a hint: formats are recognised anyway;
 * the hint narrows recognition to that family.
 */
export type ToolFormat =
  | 'hermes' | 'qwen3-coder' | 'glm' | 'kimi-k2' | 'lfm2' | 'gemma4' | 'deepseek' | 'deepseek-dsml'
  | 'tool-calls-json' | 'minimax-m2' | 'seed-oss' | 'harmony' | 'pythonic' | 'llama3' | 'command-r'
  | 'nemotron' | 'functools' | 'granite' | 'internlm2' | 'longcat' | 'functionary' | 'minicpm'
  | 'apertus' | 'gigachat3' | 'mistral' | 'lmstudio' | 'tool-tag' | 'fenced-json' | 'tool-code' | 'generic-json';

/**
 * A GGUF model run inside the agent's worker (llama.cpp in WebAssembly), in
 * place of an endpoint. No server; after the file is loaded, no network.
 */
export interface EngineOptions {
  /** The model: a URL (downloaded once, then read from the cache), or a `File`/`Blob` the user picked. */
  gguf: string | Blob;
  /** CPU threads; default 1, or half the cores when the page is cross-origin isolated (more needs isolation). */
  threads?: number;
  /** Context window in tokens; default 4096 (less if the model was trained on less). */
  contextSize?: number;
  /** Sampling temperature; default 0.7. Use 0 (with `seed`) for reproducible output. */
  temperature?: number;
  /** Sampling seed; default random. */
  seed?: number;
  /** Most tokens per reply; default 1024. */
  maxTokens?: number;
  /**
   * Keep a downloaded model so the next load needs no network: `true` or
   * `'cache-api'` (default) in the Cache API, `'opfs'` in the Origin Private
   * File System, `false` not at all. A full disk only costs the next load a
   * download (the `ready` status's `cacheWarning` says so).
   */
  cache?: boolean | 'cache-api' | 'opfs';
  /** Where llama.cpp's `wllama.wasm` is served; default the copy shipped beside pageloop. Never fetched from a CDN. */
  wasmUrl?: string;
}

/** The agent's in-page engine, as the page sees it. */
export interface AgentEngine {
  /** The engine's latest state (from its `engine` events); `idle` when the agent uses an endpoint. */
  status(): EngineStatus;
}

/** Options of `createAgent`. */
export interface AgentOptions {
  /** An OpenAI-compatible endpoint, e.g. `http://localhost:11434/v1`. Not needed with `engine`. */
  baseURL?: string;
  /** The endpoint's model name; with `engine`, only a label (default: the file's name). */
  model?: string;
  /** Run a GGUF model inside the agent's worker instead of calling an endpoint. */
  engine?: EngineOptions;
  /** Visible to anyone who can read the page: prefer a proxy that adds it. */
  apiKey?: string;
  headers?: Record<string, string>;
  systemPrompt?: string;
  tools?: Tool[];
  /** Counts model calls; default 10. */
  maxIterations?: number;
  /** Default 'auto': native tools, falling back to text when the endpoint rejects them. */
  toolProtocol?: ToolProtocol;
  /** Which family's tool-call markup to read from reply text; default: recognised from the text itself. */
  toolFormat?: ToolFormat;
  /** Default 'ask'. */
  approval?: 'ask' | 'auto';
  /** Deny, with a clear message to the model, a call whose approval nobody answered within this many ms. Default: wait. */
  approvalTimeoutMs?: number;
  /** Keep the history in IndexedDB under this id, so a reload continues the thread. */
  thread?: string;
  /** Retries of 429 and 5xx responses, honouring retry-after; default 2. */
  maxRetries?: number;
  /** Time allowed until the response headers arrive (each attempt), in ms; default 5 minutes (local models are slow to load). */
  timeoutMs?: number;
  /** Longest silence allowed between two pieces of a streamed reply, in ms; default 3 minutes. A stall ends the run with a retryable `timeout` error; what arrived is kept. */
  idleTimeoutMs?: number;
  /** Longest total wait before retries of one model request, in ms; default 60 s. A server asking to wait longer gets a clear, retryable error. */
  maxRetryWaitMs?: number;
  /**
   * Default false: after a tool marked `untrustedOutput` (fetch, DOM reads)
   * returned content, a tool the user allowed for good asks again for its next
   * call, since the content may carry planted instructions. True turns that off.
   */
  trustToolOutput?: boolean;
  /**
   * URL of an ES module the worker imports instead of talking HTTP; its
   * `createModel()` export returns a `ChatModel`. For scripted demos and tests.
   */
  modelModule?: string;
  /** The agent's vector memory (in its worker, IndexedDB store `name`); used by `agent.memory` and `memoryTools()`. */
  memory?: MemoryOptions;
  /**
   * The model's context window in tokens. When unset, it is learned from the
   * server (llama-server `/props`, Ollama `/api/show`, an overflow error that
   * states it), else 8192. Older turns are folded into a summary to stay within it.
   */
  contextTokens?: number;
  /**
   * Offers the built-in `update_plan` tool, whose accepted task lists are
   * emitted as `plan` events. `'first'` also asks for a plan before the
   * model's first other tool call of each run. Default off.
   */
  planning?: boolean | 'first';
  /** Every this many model calls, a short self-check is added to the request (emitted as `reflection`). Default off. */
  reflectEvery?: number;
  /** Named task templates, started with `agent.runWorkflow(name, input)` (or `/workflow name …` in `<agent-chat>`). */
  workflows?: Record<string, WorkflowTemplate>;
  /**
   * Offers the built-in `dispatch_agent {task}`: a read-only sub-agent that
   * works on the task with the `readOnly` tools only and returns its answer
   * as the call's result; its events arrive as `sub-agent` events. Default off.
   */
  subAgents?: boolean | SubAgentOptions;
  /**
   * Default true: when the model ends a reply by announcing an action ("Let
   * me check the orders…") but calls no tool while tools are offered, one
   * short reminder turn is tried (at most once a run, emitted as `nudge`).
   * False turns it off.
   */
  nudge?: boolean;
}

/**
 * A workflow template (option `workflows`): a named task the agent can be
 * started on with `agent.runWorkflow(name, input)` or `/workflow name …`.
 */
export interface WorkflowTemplate {
  /** What the workflow does, in a line: the run's goal, and what `/help` shows. */
  description: string;
  /** The steps, in order. With `planning` they become the run's initial plan; without, a numbered list in its instructions. */
  steps: string[];
  /** Names of the agent's tools this workflow's run is offered (default: all of them). Built-ins stay available. */
  tools?: string[];
}

/**
 * Which tool the model must call in the run's first model call. `auto`: as
 * it likes; `none`: no tools are offered, so it answers in text; `required`:
 * some tool; `{ name }`: that tool. Later calls of the run are `auto`, so a
 * forced call cannot repeat for ever. Under the text protocol (no native
 * `tool_choice`) `required` and `{ name }` are a sentence in that request's
 * system prompt, which a model may still ignore.
 */
export type ToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** Settings for one run only (`send(text, options)`); the agent's own settings are untouched. */
export interface SendOptions {
  /** The endpoint's model for this run (an in-page engine ignores it). */
  model?: string;
  /** Replaces the agent's system prompt for this run. */
  systemPrompt?: string;
  /** Names of the agent's tools to offer in this run (default: all). Built-ins stay available. */
  tools?: string[];
  /** The most model calls this run may take. */
  maxIterations?: number;
  /** See `ToolChoice`. */
  toolChoice?: ToolChoice;
}

/** Settings for one workflow run (`runWorkflow(name, input, options)`): as `SendOptions`, tools aside (the template names them). */
export type WorkflowRunOptions = Omit<SendOptions, 'tools'>;

/** One user turn being answered; iterate it for events, or await `done`. */
export interface Run extends AsyncIterable<AgentEvent> {
  readonly runId: string;
  /** Resolves with the run's final event; never rejects. */
  readonly done: Promise<FinalEvent>;
}

/** An agent whose loop runs in a Web Worker. */
export interface Agent {
  /**
   * Starts one user turn. Rejects through its final event if a run is already
   * going. `options` change settings for this run only (see `SendOptions`).
   */
  send(text: string, options?: SendOptions): Run;
  /**
   * Starts a run on workflow `name` (option `workflows`): its description is
   * the goal, `input` what the user adds, its steps the plan. Throws a
   * PageloopError with code `unknown-workflow` (nothing is sent) when no
   * workflow has that name.
   */
  runWorkflow(name: string, input?: string, options?: WorkflowRunOptions): Run;
  /** Runs the loop again on the history as it is, without a new user message (after an error). */
  retry(): Run;
  /** The events of the thread so far (deltas merged), e.g. to re-render a stored thread. */
  events(): Promise<AgentEvent[]>;
  /**
   * Answers one approval request of the current run — or of a run the page
   * died in (see `pending()`): then the answer resumes that run, as a new
   * `Run` whose events reach `on()` listeners.
   */
  respond(callId: string, answer: ApprovalAnswer): void;
  /** The tools the user allowed for good ("Always allow") in this thread; stored with it. */
  permissions(): Promise<string[]>;
  /** Takes back "Always allow" for `tool`: its calls ask again. */
  revokePermission(tool: string): Promise<void>;
  /** The approval requests of an interrupted run (a reload mid-approval) that wait for an answer. */
  pending(): Promise<ApprovalRequest[]>;
  /**
   * Carries on a run the page died in (its final reason is `interrupted`):
   * open calls get their results (idempotent tools run again, others are
   * reported `interrupted`), then the model continues from what it had said.
   */
  resume(): Run;
  /** Ends the current run with reason `cancelled`. */
  cancel(): void;
  /** Subscribes to every event of every run; returns the unsubscribe function. */
  on(listener: (e: AgentEvent) => void): () => void;
  /** The OpenAI-format history, system prompt excluded. */
  messages(): Promise<ChatMessage[]>;
  /** Forgets the history (and the stored thread). */
  clear(): Promise<void>;
  /** Changes connection settings; takes effect on the next `send`. */
  configure(options: Partial<Pick<AgentOptions, 'baseURL' | 'model' | 'apiKey' | 'headers' | 'systemPrompt' | 'maxIterations' | 'approval' | 'toolProtocol' | 'toolFormat' | 'contextTokens' | 'planning' | 'reflectEvery' | 'approvalTimeoutMs' | 'engine' | 'workflows' | 'subAgents' | 'nudge'>>): void;
  /** Replaces the page's tools (those added with `addTool` stay); takes effect at the next model request. */
  setTools(tools: Tool[]): void;
  /**
   * Adds one tool beside the others while the agent lives (a component
   * mounts, a section opens); returns the function that removes it. Takes
   * effect at the next model request; a call to it after removal gets an
   * error result saying it was removed. Throws when the name is taken.
   */
  addTool(tool: Tool): () => void;
  /** Removes the tool named `name` (added or set); false when there is none. */
  removeTool(name: string): boolean;
  /** The page's tools now: those set, then those added. */
  readonly tools: readonly Tool[];
  /**
   * Answers a call of a tool that waits for the user (`render` without
   * `execute`; announced by an `input-request` event): `value` is its result.
   * Resolves true when it ended the call — also a call of a run the page died
   * in, which it then resumes — and false when the call does not wait (a
   * second answer is ignored). Rejects, leaving the call waiting, when
   * `value` fails the tool's `result` schema.
   */
  answer(callId: string, value: unknown): Promise<boolean>;
  /**
   * The app's state, sent with every model request in a section of the
   * system prompt, as it is when the request is built; never stored in the
   * thread. Bounded: the section takes at most an eighth of the context window.
   */
  readonly context: AgentContext;
  /** The agent's vector memory, living in its worker; opened on first use. Disposed with the agent. */
  readonly memory: Memory;
  /** The in-page engine (`options.engine`): what it is doing. */
  readonly engine: AgentEngine;
  /** Resolves when the worker is up and its state loaded. */
  readonly ready: Promise<void>;
  /** True while a run is going. */
  readonly running: boolean;
  /** Terminates the worker; pending work settles with an AbortError. */
  dispose(): void;
  /** The threads stored in this origin's IndexedDB: list, open, rename, delete, export, import. */
  readonly threads: Threads;
}

/** One stored thread, as `agent.threads.list()` shows it. */
export interface ThreadSummary {
  id: string;
  /** The start of the first user message, unless renamed. */
  title: string;
  /** When it last changed (ms since the epoch). */
  updated: number;
  messageCount: number;
}

/**
 * A thread file: the documented, versioned JSON form of one thread, as
 * `agent.threads.export()` writes it and `import()` reads it. `schema` is
 * the format's version; a file of a newer version is refused, not misread.
 */
export interface ThreadFile {
  format: 'pageloop-thread';
  schema: number;
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** The OpenAI-format history. */
  messages: ChatMessage[];
  /** The events (deltas merged), from which the conversation is re-rendered. */
  events: AgentEvent[];
  /** Tools the user allowed for good in this thread ("Always allow"); absent means none. */
  allowed?: string[];
}

/** The stored threads of an origin, reached through an agent. */
export interface Threads {
  /** Every stored thread, most recently updated first. */
  list(): Promise<ThreadSummary[]>;
  /** Makes thread `id` the agent's thread (a new one if none is stored under it); refused while a run goes. */
  open(id: string): Promise<void>;
  /** Deletes a stored thread; deleting the agent's own thread clears its conversation. */
  delete(id: string): Promise<void>;
  rename(id: string, title: string): Promise<void>;
  /** The thread as a JSON thread file (see `ThreadFile`). */
  export(id: string): Promise<string>;
  /**
   * Stores a thread file (its JSON text, or the parsed object) and resolves
   * with the id it was stored under — a fresh one if that id is taken. A
   * malformed file or one of a newer schema is refused with a `bad-request`
   * error, and nothing is stored.
   */
  import(file: string | ThreadFile): Promise<string>;
}
