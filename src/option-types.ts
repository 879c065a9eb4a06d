/**
 * The value types of some agent options (src/settings.ts): plain data that
 * crosses to the worker as it is.
 */

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
  /**
   * Mixed mode: each `dispatch_agent` task goes to this remote AG-UI agent
   * (a server's heavier agent) instead of a child loop in the page; the
   * page's read-only tools that need no approval are offered to it as
   * frontend tools. `model` and `systemPrompt` do not apply then.
   */
  agui?: AgUiOptions;
}



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
  /**
   * `'auto'` (default): run the model's layers on the GPU through WebGPU when
   * the browser offers an adapter llama.cpp can use, otherwise on the CPU;
   * `'off'`: always the CPU. The `ready` status says which (`backend`) and why
   * not the GPU (`fallbackReason`).
   */
  gpu?: EngineGpu;
  /** With the GPU: how many layers to offload (default all); the rest run on the CPU. 0 means the CPU only. */
  gpuLayers?: number;
}

/** `EngineOptions.gpu`: whether the in-page engine may use WebGPU. */
export type EngineGpu = 'auto' | 'off';


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
 * Option `webmcp`: WebMCP (`document.modelContext`), both ways. Nothing
 * happens where the browser has no WebMCP; `agent.webmcp.status()` says so.
 */
export interface WebMcpOptions {
  /**
   * Registers the agent's page tools (`kind: 'page'` with an `execute`) for
   * browser agents, `readOnlyHint` from `readOnly`; unregistered on dispose.
   * Their calls go through the agent's approvals and show as cards.
   */
  expose?: boolean;
  /**
   * Offers the agent the tools other parts of the page registered (never its
   * own): read-only ones run without asking, others need approval, results of
   * tools marked `untrustedContentHint` are untrusted content.
   */
  consume?: boolean;
}

/**
 * Option `agui`: the agent's runs go to a server agent speaking AG-UI (1.0)
 * at `url` instead of the in-page loop — LangGraph, Mastra, CrewAI, any
 * AG-UI endpoint. The element, threads, traces and approvals work the same;
 * the page's tools are offered to the server as AG-UI frontend tools.
 */
export interface AgUiOptions {
  /** The AG-UI endpoint (it takes a POSTed `RunAgentInput` and answers with an event stream); relative to the page. */
  url: string;
  /** Sent with every request (an `Authorization` header, a tenant). Visible to anyone who can read the page. */
  headers?: Record<string, string>;
  /**
   * Whether the request carries cookies: `same-origin` (the browser's
   * default), `include` (cookies also to another origin, which must then
   * answer `Access-Control-Allow-Credentials: true` and name the page's
   * origin), or `omit`.
   */
  credentials?: 'omit' | 'same-origin' | 'include';
  /** Passed to the server with every run as `RunAgentInput.forwardedProps`, untouched (JSON). */
  forwardedProps?: Record<string, unknown>;
}
