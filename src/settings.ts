/**
 * The agent's settings, declared once: `AgentOptions` (what an app hands
 * `createAgent`) and, beside it, the table `SETTINGS` with one row per option
 * saying where it goes and how it may change. Everything else is derived from
 * these two: the config that crosses to the worker (`WorkerConfig`), the
 * loop's (`SessionConfig`), what the model client is built from, the options
 * `agent.configure` takes, the checks `createAgent` runs, and `<agent-chat>`'s
 * attributes (components/element-options.ts). So a new option is written here
 * (its field and its row), in the code that uses it, and in its test.
 *
 * Types and small pure checks only, below the page/worker split: the page,
 * the worker and the element import it; it imports nothing of theirs.
 */
import type { Tool } from './tool-types.js';
import type { EngineOptions, SubAgentOptions, ToolFormat, ToolProtocol, WorkflowTemplate } from './option-types.js';
import type { MemoryOptions } from './memory/types.js';
import type { TraceOptions } from './trace-types.js';
import type { AttachmentOptions } from './attachment-types.js';
import { isAttachmentOptions } from './attachment-checks.js';
import { between, isBoolean, isEngine, isHeaders, isName, isObject, isString, isSubAgents, isTraceOptions, isWorkflows, oneOf, positiveMs, wholeAtLeast, type Check } from './option-checks.js';

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
  /**
   * Counts model calls; default 10.
   * @default 10
   */
  maxIterations?: number;
  /**
   * Default 'auto': native tools, falling back to text when the endpoint rejects them.
   * @default 'auto'
   */
  toolProtocol?: ToolProtocol;
  /** Which family's tool-call markup to read from reply text; default: recognised from the text itself. */
  toolFormat?: ToolFormat;
  /**
   * Default 'ask'.
   * @default 'ask'
   */
  approval?: 'ask' | 'auto';
  /** Deny, with a clear message to the model, a call whose approval nobody answered within this many ms. Default: wait. */
  approvalTimeoutMs?: number;
  /** Keep the history in IndexedDB under this id, so a reload continues the thread. */
  thread?: string;
  /**
   * Retries of 429 and 5xx responses, honouring retry-after; default 2.
   * @default 2
   */
  maxRetries?: number;
  /**
   * Time allowed until the response headers arrive (each attempt), in ms; default 5 minutes (local models are slow to load).
   * @default 300_000
   */
  timeoutMs?: number;
  /**
   * Longest silence allowed between two pieces of a streamed reply, in ms; default 3 minutes. A stall ends the run with a retryable `timeout` error; what arrived is kept.
   * @default 180_000
   */
  idleTimeoutMs?: number;
  /**
   * Longest total wait before retries of one model request, in ms; default 60 s. A server asking to wait longer gets a clear, retryable error.
   * @default 60_000
   */
  maxRetryWaitMs?: number;
  /**
   * Default false: after a tool marked `untrustedOutput` (fetch, DOM reads)
   * returned content, a tool the user allowed for good asks again for its next
   * call, since the content may carry planted instructions. True turns that off.
   * @default false
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
   * @default false
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
   * @default false
   */
  subAgents?: boolean | SubAgentOptions;
  /**
   * Default true: when the model ends a reply by announcing an action ("Let
   * me check the orders…") but calls no tool while tools are offered, one
   * short reminder turn is tried (at most once a run, emitted as `nudge`).
   * False turns it off.
   * @default true
   */
  nudge?: boolean;
  /**
   * Sampling temperature sent with every request to the endpoint (0–2; lower
   * is more deterministic, 0 for repeatable tool use). Default: the server's.
   * The in-page engine takes `engine.temperature` instead.
   */
  temperature?: number;
  /**
   * The flight recorder: every run is traced as OpenTelemetry GenAI spans, kept with the thread and read with `agent.trace()`.
   * Default: on, without content, 256 KiB per thread.
   */
  trace?: TraceOptions;
  /**
   * Files and images sent with messages (`send(text, { attachments })`) and
   * returned by tools: size limits, allowed types, how far images are
   * downscaled, whether originals are kept. Default: 20 MiB a file, 50 MiB a
   * message, 10 files, images and text files, images at most 1536 px on the
   * long edge, originals not kept. `false` turns the user's attachments off
   * (each file is refused, saying so; `<agent-chat attachments="off">` hides
   * its attach button); files returned by tools still show.
   */
  attachments?: AttachmentOptions | false;
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
  /** What is wrong with a value (see src/option-checks.ts); never called with `undefined`. */
  readonly check?: Check;
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
  baseURL: { side: 'loop', live: true, model: 'endpoint', element: { attribute: 'base-url', property: 'baseUrl' }, check: isString },
  model: { side: 'loop', live: true, model: 'endpoint', element: { attribute: 'model' }, check: isString },
  engine: { side: 'loop', live: true, restart: true, model: 'source', check: isEngine },
  apiKey: { side: 'loop', live: true, model: 'endpoint', element: { attribute: 'api-key' }, check: isString },
  headers: { side: 'loop', live: true, model: 'endpoint', check: isHeaders },
  systemPrompt: { side: 'loop', live: true, element: { attribute: 'system-prompt' }, check: isString },
  tools: { side: 'page', live: false },
  maxIterations: { side: 'loop', live: true, element: { attribute: 'max-iterations', from: 'number' }, check: wholeAtLeast(1) },
  toolProtocol: { side: 'loop', live: true, element: { attribute: 'tool-protocol' }, check: oneOf('auto', 'native', 'text') },
  toolFormat: { side: 'loop', live: true, element: { attribute: 'tool-format' }, check: isName },
  approval: { side: 'loop', live: true, element: { attribute: 'approval' }, check: oneOf('ask', 'auto') },
  approvalTimeoutMs: { side: 'loop', live: true, element: { attribute: 'approval-timeout-ms', from: 'number' }, check: positiveMs },
  thread: { side: 'loop', live: false, restart: true, element: { attribute: 'thread' }, check: isName },
  maxRetries: { side: 'loop', live: true, model: 'client', element: { attribute: 'max-retries', from: 'number' }, check: wholeAtLeast(0) },
  timeoutMs: { side: 'loop', live: true, model: 'client', element: { attribute: 'timeout-ms', from: 'number' }, check: positiveMs },
  idleTimeoutMs: { side: 'loop', live: true, model: 'client', element: { attribute: 'idle-timeout-ms', from: 'number' }, check: positiveMs },
  maxRetryWaitMs: { side: 'loop', live: true, model: 'client', element: { attribute: 'max-retry-wait-ms', from: 'number' }, check: positiveMs },
  trustToolOutput: { side: 'loop', live: true, element: { attribute: 'trust-tool-output', from: 'presence' }, check: isBoolean },
  modelModule: { side: 'loop', live: false, restart: true, model: 'source', element: { attribute: 'model-module' }, check: isName },
  memory: { side: 'worker', live: false, check: isObject },
  contextTokens: { side: 'loop', live: true, element: { attribute: 'context-tokens', from: 'number' }, check: wholeAtLeast(512) },
  planning: { side: 'loop', live: true, element: { attribute: 'planning', from: (t: string | null) => (t === null ? undefined : t === 'first' ? 'first' : t !== 'false') }, check: oneOf(true, false, 'first') },
  reflectEvery: { side: 'loop', live: true, element: { attribute: 'reflect-every', from: 'number' }, check: wholeAtLeast(1) },
  workflows: { side: 'loop', live: true, element: { attribute: false }, check: isWorkflows },
  subAgents: { side: 'loop', live: true, element: { attribute: 'sub-agents', from: (t: string | null) => t !== null && t !== 'false' }, check: isSubAgents },
  nudge: { side: 'loop', live: true, element: { attribute: 'nudge', from: onUnlessOff }, check: isBoolean },
  temperature: { side: 'loop', live: true, model: 'client', element: { attribute: 'temperature', from: 'number' }, check: between(0, 2) },
  trace: { side: 'loop', live: true, check: isTraceOptions },
  attachments: { side: 'loop', live: true, element: { attribute: 'attachments', from: onUnlessOffWith({}) }, check: isAttachmentOptions },
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

export const WORKER_KEYS = where((row) => row.side !== 'page') as readonly WorkerKey[];
export const SESSION_KEYS = where((row) => row.side === 'loop') as readonly SessionKey[];
export const LIVE_KEYS = where((row) => row.live) as readonly LiveKey[];
export const CLIENT_KEYS = where((row) => row.model === 'endpoint' || row.model === 'client') as readonly ClientKey[];
/** A change of one of these makes a new model. */
export const MODEL_KEYS = where((row) => row.model !== undefined);
/** A change of one of these means another server or model: its context window is learned again. */
export const ENDPOINT_KEYS = where((row) => row.model === 'endpoint' || row.model === 'source');
/** `<agent-chat>` makes a new agent when one of these changes. */
export const RESTART_KEYS = where((row) => row.restart === true);

/** The fields of `source` named in `keys`, only those present (so a patch stays a patch). */
export function pickSettings<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (Object.hasOwn(source, key)) picked[key] = source[key];
  return picked;
}

/** Throws a TypeError naming the first option of `options` that its row's check refuses (`where` starts the message). */
export function checkSettings(options: Partial<AgentOptions>, where: string): void {
  for (const key of names) {
    const value = options[key];
    const problem = value === undefined ? undefined : SETTING_ROWS[key].check?.(value);
    if (problem !== undefined) throw new TypeError(`${where}: ${key}${problem}.`);
  }
}
