/**
 * The agent's settings, declared once: `AgentOptions` (what an app hands
 * `createAgent`) and, beside it, the table `SETTINGS` with one row per option
 * saying where it goes and how it may change. Everything else is derived from
 * these two: the config that crosses to the worker (`WorkerConfig`), the
 * loop's (`SessionConfig`), what the model client is built from, the options
 * `agent.configure` takes, the checks `createAgent` runs, and `<agent-chat>`'s
 * attributes (components/element-options.ts), their documentation in the
 * element's manifest (an option's `@attr` JSDoc tag, else its summary;
 * scripts/lib/settings-table.js) and their JSX types (frameworks/react/jsx.ts). So a
 * new option is written here (its field and its row), in the code that uses
 * it, in its test, and in the README's tables.
 *
 * Types and data only, below the page/worker split: the page, the worker and
 * the element import it; it imports nothing of theirs. A row names its check
 * (`'string'`, `['wholeAtLeast', 1]`) rather than holding the function, so
 * the worker, which reads the rows' flags, does not carry every option's
 * check: the page runs them (src/setting-checks.ts).
 */
import type { Tool } from './tool-types.js';
import type { AgUiOptions, EngineOptions, SubAgentOptions, ToolFormat, ToolProtocol, WebMcpOptions, WorkflowTemplate } from './option-types.js';
import type { MemoryOptions } from './memory-types.js';
import type { TelemetryOptions, TraceOptions } from './trace-types.js';
import type { McpServerOptions } from './mcp-types.js';
import type { CheckSpec } from './option-checks.js';
import type { AttachmentOptions } from './attachment-types.js';
import type { A2uiOptions } from './a2ui-types.js';

/** Options of `createAgent`. */
export interface AgentOptions {
  /**
   * An OpenAI-compatible endpoint, e.g. `http://localhost:11434/v1`. Not needed with `engine`.
   * @attr The OpenAI-compatible endpoint, e.g. `http://localhost:11434/v1`.
   */
  baseURL?: string;
  /**
   * The endpoint's model name; with `engine` or `modelModule`, only a label (default: the file's name).
   * @attr The model id (with `gguf` or `model-module`, a label; default: the file's name).
   */
  model?: string;
  /** Run a GGUF model inside the agent's worker instead of calling an endpoint. */
  engine?: EngineOptions;
  /**
   * Visible to anyone who can read the page: prefer a proxy that adds it.
   * @attr Sent as a bearer token. Visible to anyone who can read the page: prefer a proxy that adds it.
   */
  apiKey?: string;
  headers?: Record<string, string>;
  /** The system prompt. */
  systemPrompt?: string;
  tools?: Tool[];
  /**
   * Counts model calls; default 10.
   * @default 10
   * @attr The most model calls one reply may take (default 10).
   */
  maxIterations?: number;
  /**
   * Default 'auto': native tools, falling back to text when the endpoint rejects them.
   * @default 'auto'
   * @attr `auto` (default), `native` or `text`.
   */
  toolProtocol?: ToolProtocol;
  /**
   * Which family's tool-call markup to read from reply text; default: recognised from the text itself.
   * @attr Narrows text-protocol call detection to one model family (e.g. `qwen3-coder`); detection is automatic without it.
   */
  toolFormat?: ToolFormat;
  /**
   * Default 'ask'.
   * @default 'ask'
   * @attr `ask` (default) asks before tools that need approval; `auto` runs them.
   */
  approval?: 'ask' | 'auto';
  /**
   * Deny, with a clear message to the model, a call whose approval nobody answered within this many ms. Default: wait.
   * @attr Deny a call whose approval nobody answered within this many ms (the model is told so). Absent: wait.
   */
  approvalTimeoutMs?: number;
  /**
   * How long Stop waits for the agent's worker to answer, in ms; default 1500. A worker that has not answered by then is
   * busy in code that never yields (a model module's loop, a validator, a huge synchronous parse): it is ended and a fresh
   * one started for the same agent, which ends the run `cancelled` — every open call `cancelled`, an `error` event of code
   * `worker-restarted` — in the stored thread too.
   * @default 1500
   * @attr How long Stop waits for the agent's worker before it ends it and starts a fresh one, in ms (default 1500).
   */
  stopGraceMs?: number;
  /**
   * Keep the history in IndexedDB under this id, so a reload continues the thread.
   * @attr Keep the conversation in IndexedDB under this id, so a reload shows it. Without it nothing is stored.
   */
  thread?: string;
  /**
   * Retries of 429 and 5xx responses, honouring retry-after; default 2.
   * @default 2
   * @attr Retries of one request after a 429 or 5xx, honouring retry-after (default 2).
   */
  maxRetries?: number;
  /**
   * Time allowed until the response headers arrive (each attempt), in ms; default 5 minutes (local models are slow to load).
   * @default 300_000
   * @attr How long to wait for the server's response headers, in ms (default 5 minutes).
   */
  timeoutMs?: number;
  /**
   * Longest silence allowed between two pieces of a streamed reply, in ms; default 3 minutes. A stall ends the run with a retryable `timeout` error; what arrived is kept.
   * @default 180_000
   * @attr Longest silence allowed in the middle of a streamed reply, in ms (default 3 minutes).
   */
  idleTimeoutMs?: number;
  /**
   * Longest total wait before retries of one model request, in ms; default 60 s. A server asking to wait longer gets a clear, retryable error.
   * @default 60_000
   * @attr Longest total wait before retries of one request (429, 5xx), in ms (default 60 s).
   */
  maxRetryWaitMs?: number;
  /**
   * Default false: after a tool marked `untrustedOutput` (fetch, DOM reads)
   * returned content, a tool the user allowed for good asks again for its next
   * call, since the content may carry planted instructions. True turns that off.
   * @default false
   * @attr Present: tools allowed for good do not ask again after fetched or page content entered the conversation.
   */
  trustToolOutput?: boolean;
  /**
   * URL of an ES module the worker imports instead of talking HTTP; its
   * `createModel()` export returns a `ChatModel`. For scripted demos and tests.
   * `model` is then optional (default: the module's file name, e.g. `scripted-model`).
   * @attr URL of an ES module whose `createModel()` the agent's worker uses instead of HTTP (scripted demos, tests).
   */
  modelModule?: string;
  /** The agent's vector memory (in its worker, IndexedDB store `name`); used by `agent.memory` and `memoryTools()`. */
  memory?: MemoryOptions;
  /**
   * The model's context window in tokens. When unset, it is learned from the
   * server (llama-server `/props`, Ollama `/api/show`, an overflow error that
   * states it), else 8192. Older turns are folded into a summary to stay within it.
   * @attr The model's context window in tokens (default: asked of the server, else 8192); older turns are folded to fit it.
   */
  contextTokens?: number;
  /**
   * Offers the built-in `update_plan` tool, whose accepted task lists are
   * emitted as `plan` events. `'first'` also asks for a plan before the
   * model's first other tool call of each run. Default off.
   * @default false
   * @attr Offer the agent a task list (`update_plan`) shown as the plan; `first` also asks for a plan before it acts. Absent or `false`: off.
   */
  planning?: boolean | 'first';
  /**
   * Every this many model calls, a short self-check is added to the request (emitted as `reflection`). Default off.
   * @attr Every this many model calls, the agent gets a short self-check (shown quietly in the log).
   */
  reflectEvery?: number;
  /** Named task templates, started with `agent.runWorkflow(name, input)` (or `/workflow name …` in `<agent-chat>`). */
  workflows?: Record<string, WorkflowTemplate>;
  /**
   * Offers the built-in `dispatch_agent {task}`: a read-only sub-agent that
   * works on the task with the `readOnly` tools only and returns its answer
   * as the call's result; its events arrive as `sub-agent` events. Default off.
   * @default false
   * @attr Present (and not `false`): offer `dispatch_agent`, read-only sub-agents whose work shows inside its card.
   */
  subAgents?: boolean | SubAgentOptions;
  /**
   * Default true: when the model ends a reply by announcing an action ("Let
   * me check the orders…") but calls no tool while tools are offered, one
   * short reminder turn is tried (at most once a run, emitted as `nudge`).
   * False turns it off.
   * @default true
   * @attr `off` (or `false`) stops the one reminder a run when the model announces an action but calls no tool. Absent: on.
   */
  nudge?: boolean;
  /**
   * Sampling temperature sent with every request to the endpoint (0–2; lower
   * is more deterministic, 0 for repeatable tool use). Default: the server's.
   * The in-page engine takes `engine.temperature` instead.
   * @attr Sampling temperature sent with each request to the endpoint, 0–2 (default: the server's).
   */
  temperature?: number;
  /**
   * The flight recorder: every run is traced as OpenTelemetry GenAI spans, kept with the thread and read with `agent.trace()`.
   * Default: on, without content, 256 KiB per thread.
   */
  trace?: TraceOptions;
  /**
   * Where the recorded spans also go: `{ otlp: { url, headers?, protocol? } }` sends them to an
   * OpenTelemetry collector over OTLP/HTTP from the worker, batched per run; a collector that is down
   * costs the run nothing (the spans are dropped and counted in a `telemetry` event). Default: nowhere.
   */
  telemetry?: TelemetryOptions;
  /**
   * WebMCP both ways: `expose` registers the agent's page tools for browser
   * agents (their calls go through the agent's approvals), `consume` offers
   * the agent the tools other parts of the page registered. Default off.
   * @attr Present (and not `false`): register the agent's page tools with WebMCP for browser agents (`webmcp: { expose: true }`); their calls ask for approval here.
   */
  webmcp?: WebMcpOptions;
  /**
   * MCP servers whose tools join the agent's (Streamable HTTP, or legacy
   * HTTP+SSE), connected from the agent's worker; see `agent.mcp` and the `mcp` event.
   */
  mcp?: McpServerOptions[];
  /**
   * Files and images sent with messages (`send(text, { attachments })`) and
   * returned by tools: size limits, allowed types, how far images are
   * downscaled, whether originals are kept. Default: 20 MiB a file, 50 MiB a
   * message (sizes as picked: an image before it is downscaled), 10 files, images and text files, images at most 1536 px on the
   * long edge, originals not kept. `false` turns the user's attachments off
   * (each file is refused, saying so; `<agent-chat attachments="off">` hides
   * its attach button); files returned by tools still show.
   * @attr `off` (or `false`): no attach button, drops and pastes left to the page. Absent: on; limits via the `attachments` property.
   */
  attachments?: AttachmentOptions | false;
  /**
   * The agent's runs go to a server agent that speaks AG-UI (LangGraph,
   * Mastra, CrewAI, any AG-UI endpoint) instead of the in-page loop, from the
   * agent's worker: `{ url, headers?, credentials?, forwardedProps? }`. The
   * page's tools become AG-UI frontend tools (run here, through the same
   * approvals), the server's interrupts wait for the user as approvals, its
   * shared state is `agent.state`, and the thread stays in the browser.
   * `baseURL` and `model` are not needed then.
   * @attr The URL of an AG-UI endpoint: the agent's runs go to that server agent instead of the in-page loop (headers, cookies: the `agui` property).
   */
  agui?: AgUiOptions;
  /**
   * A2UI surfaces: offers the built-in tool `render_a2ui`, whose arguments
   * are A2UI messages the agent composes from the catalogs' components; each
   * surface is checked against its catalog before it draws, in its own card,
   * and a user's action on it comes back as the next user message. `true`:
   * the basic catalog; an object also registers the app's catalogs and the
   * bounds of a surface. Default off.
   * @attr Present (and not `false`): offer `render_a2ui`, surfaces of the basic catalog drawn in their cards (the app's catalogs via the `a2ui` property).
   */
  a2ui?: boolean | A2uiOptions;
}


/** How one option travels and changes: a row of `SETTINGS`. */
export interface Setting {
  /** Where it is used: `page` never crosses; `worker` crosses to the worker's services only (not the loop); `loop` crosses and reaches the session. */
  readonly side: 'page' | 'worker' | 'loop';
  /** `agent.configure` takes it: a live agent uses the new value from its next run. */
  readonly live: boolean;
  /** `<agent-chat>` makes a new agent (a new worker) when it changes: another thread or model source is another conversation. */
  readonly restart?: true;
  /**
   * The model is built from it, so a change makes a new model: `endpoint`
   * says which server and model (a change also forgets the learned context
   * window); `client` is a setting of the OpenAI-compatible client (both are
   * handed to it as they are); `source` says where the model comes from
   * instead of an endpoint.
   */
  readonly model?: 'endpoint' | 'client' | 'source';
  /** Its attribute and property on `<agent-chat>`. */
  readonly element?: ElementBinding;
  /**
   * What is wrong with a value: a check of src/option-checks.ts by name, or
   * the name of a maker of one and its arguments (`['oneOf', 'ask', 'auto']`);
   * run by src/setting-checks.ts, never with `undefined`.
   */
  readonly check?: CheckSpec;
}

/** How `<agent-chat>` exposes an option. */
export interface ElementBinding {
  /** The attribute's name, or false for a property only. */
  readonly attribute: string | false;
  /** The element property, when its name is not the option's. */
  readonly property?: string;
  /**
   * How the attribute's text becomes the value: `number`; `presence` (present
   * is true); a function of the text (`null` once the attribute is removed);
   * absent: the text itself.
   */
  readonly from?: 'number' | 'presence' | ((text: string | null) => unknown);
}

/** An attribute that is on unless it says `off` or `false`; absent: the agent's default. */
const onUnlessOff = (text: string | null): boolean | undefined => (text === null ? undefined : text !== 'off' && text !== 'false');
/** As `onUnlessOff`, for an option whose "on" is `on` (an object of settings) and whose "off" is `false`. */
const onUnlessOffWith = <T>(on: T) => (text: string | null): T | false | undefined => (text === null ? undefined : text === 'off' || text === 'false' ? false : on);

/** Every option of `AgentOptions`, one row each (the compiler refuses a missing one). */
export const SETTINGS = {
  baseURL: { side: 'loop', live: true, model: 'endpoint', element: { attribute: 'base-url', property: 'baseUrl' }, check: 'string' },
  model: { side: 'loop', live: true, model: 'endpoint', element: { attribute: 'model' }, check: 'string' },
  engine: { side: 'loop', live: true, restart: true, model: 'source', check: 'engine' },
  apiKey: { side: 'loop', live: true, model: 'endpoint', element: { attribute: 'api-key' }, check: 'string' },
  headers: { side: 'loop', live: true, model: 'endpoint', check: 'headers' },
  systemPrompt: { side: 'loop', live: true, element: { attribute: 'system-prompt' }, check: 'string' },
  tools: { side: 'page', live: false },
  maxIterations: { side: 'loop', live: true, element: { attribute: 'max-iterations', from: 'number' }, check: ['wholeAtLeast', 1] },
  toolProtocol: { side: 'loop', live: true, element: { attribute: 'tool-protocol' }, check: ['oneOf', 'auto', 'native', 'text'] },
  toolFormat: { side: 'loop', live: true, element: { attribute: 'tool-format' }, check: 'name' },
  approval: { side: 'loop', live: true, element: { attribute: 'approval' }, check: ['oneOf', 'ask', 'auto'] },
  approvalTimeoutMs: { side: 'loop', live: true, element: { attribute: 'approval-timeout-ms', from: 'number' }, check: 'positiveMs' },
  stopGraceMs: { side: 'page', live: true, element: { attribute: 'stop-grace-ms', from: 'number' }, check: 'positiveMs' },
  thread: { side: 'loop', live: false, restart: true, element: { attribute: 'thread' }, check: 'name' },
  maxRetries: { side: 'loop', live: true, model: 'client', element: { attribute: 'max-retries', from: 'number' }, check: ['wholeAtLeast', 0] },
  timeoutMs: { side: 'loop', live: true, model: 'client', element: { attribute: 'timeout-ms', from: 'number' }, check: 'positiveMs' },
  idleTimeoutMs: { side: 'loop', live: true, model: 'client', element: { attribute: 'idle-timeout-ms', from: 'number' }, check: 'positiveMs' },
  maxRetryWaitMs: { side: 'loop', live: true, model: 'client', element: { attribute: 'max-retry-wait-ms', from: 'number' }, check: 'positiveMs' },
  trustToolOutput: { side: 'loop', live: true, element: { attribute: 'trust-tool-output', from: 'presence' }, check: 'boolean' },
  modelModule: { side: 'loop', live: false, restart: true, model: 'source', element: { attribute: 'model-module' }, check: 'name' },
  memory: { side: 'worker', live: false, check: 'object' },
  contextTokens: { side: 'loop', live: true, element: { attribute: 'context-tokens', from: 'number' }, check: ['wholeAtLeast', 512] },
  planning: { side: 'loop', live: true, element: { attribute: 'planning', from: (t: string | null) => (t === null ? undefined : t === 'first' ? 'first' : t !== 'false') }, check: ['oneOf', true, false, 'first'] },
  reflectEvery: { side: 'loop', live: true, element: { attribute: 'reflect-every', from: 'number' }, check: ['wholeAtLeast', 1] },
  workflows: { side: 'loop', live: true, element: { attribute: false }, check: 'workflows' },
  subAgents: { side: 'loop', live: true, element: { attribute: 'sub-agents', from: (t: string | null) => t !== null && t !== 'false' }, check: 'subAgents' },
  nudge: { side: 'loop', live: true, element: { attribute: 'nudge', from: onUnlessOff }, check: 'boolean' },
  temperature: { side: 'loop', live: true, model: 'client', element: { attribute: 'temperature', from: 'number' }, check: ['between', 0, 2] },
  trace: { side: 'loop', live: true, check: 'trace' },
  telemetry: { side: 'loop', live: true, check: 'telemetry' },
  webmcp: { side: 'page', live: false, restart: true, element: { attribute: 'webmcp-expose', from: (t: string | null) => (t === null || t === 'false' ? undefined : { expose: true }) }, check: 'webmcp' },
  mcp: { side: 'worker', live: false, restart: true, element: { attribute: false }, check: 'mcp' },
  attachments: { side: 'loop', live: true, element: { attribute: 'attachments', from: onUnlessOffWith({}) }, check: 'attachments' },
  agui: { side: 'loop', live: true, restart: true, model: 'source', element: { attribute: 'agui-url', property: 'agui', from: (t: string | null) => (t === null || t === '' ? undefined : { url: t }) }, check: 'agui' },
  a2ui: { side: 'page', live: false, restart: true, element: { attribute: 'a2ui', from: onUnlessOff }, check: 'a2ui' },
} as const satisfies { readonly [K in keyof AgentOptions]-?: Setting };

type Rows = typeof SETTINGS;
/** The options whose row matches `Row`. */
type KeysWhere<Row> = { [K in keyof Rows]: Rows[K] extends Row ? K : never }[keyof Rows];

/** Options that cross to the worker. */
export type WorkerKey = KeysWhere<{ side: 'worker' | 'loop' }>;
/** Options the loop reads. */
export type SessionKey = KeysWhere<{ side: 'loop' }>;
/** Options `agent.configure` takes. */
export type LiveKey = KeysWhere<{ live: true }>;
/** Options handed to the OpenAI-compatible client. */
export type ClientKey = KeysWhere<{ model: 'endpoint' | 'client' }>;
/** Options with an `<agent-chat>` attribute or property. */
export type ElementKey = KeysWhere<{ element: ElementBinding }>;

/** The endpoint and model every config carries (empty strings when an engine or model module stands in). */
interface Endpoint {
  baseURL: string;
  model: string;
}

/** The settings that cross to the worker: exactly the options whose row says so (tools cross as descriptors). */
export type WorkerSettings = Pick<AgentOptions, WorkerKey> & Endpoint;
/** The settings the loop reads. */
export type SessionSettings = Pick<AgentOptions, SessionKey> & Endpoint;
/** The settings the OpenAI-compatible client is built from. */
export type ClientSettings = Pick<AgentOptions, ClientKey> & Endpoint;
/** What `agent.configure` takes: the options that can change on a live agent. */
export type ConfigureOptions = Partial<Pick<AgentOptions, LiveKey>>;

/** The rows, seen through their common shape. */
export const SETTING_ROWS: Readonly<Record<keyof AgentOptions, Setting>> = SETTINGS;
const names = Object.keys(SETTINGS) as (keyof AgentOptions)[];
const where = (test: (row: Setting) => boolean) => names.filter((key) => test(SETTING_ROWS[key]));
// Each list is marked pure so a bundle keeps only those it reads: the page
// and the worker each read a few.
export const WORKER_KEYS = /* @__PURE__ */ where((row) => row.side !== 'page') as readonly WorkerKey[];
export const SESSION_KEYS = /* @__PURE__ */ where((row) => row.side === 'loop') as readonly SessionKey[];
export const LIVE_KEYS = /* @__PURE__ */ where((row) => row.live) as readonly LiveKey[];
export const CLIENT_KEYS = /* @__PURE__ */ where((row) => row.model === 'endpoint' || row.model === 'client') as readonly ClientKey[];
/** A change of one of these makes a new model. */
export const MODEL_KEYS = /* @__PURE__ */ where((row) => row.model !== undefined);
/** A change of one of these means another server or model: its context window is learned again. */
export const ENDPOINT_KEYS = /* @__PURE__ */ where((row) => row.model === 'endpoint' || row.model === 'source');
/** `<agent-chat>` makes a new agent when one of these changes. */
export const RESTART_KEYS = /* @__PURE__ */ where((row) => row.restart === true);

/** The fields of `source` named in `keys`, only those present (so a patch stays a patch). */
export function pickSettings<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (Object.hasOwn(source, key)) picked[key] = source[key];
  return picked;
}
