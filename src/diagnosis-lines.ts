/**
 * The doctor's findings and fixes in English, by stable id (`dx…`): the one
 * table the worker writes each check's `detail` and `fix` with, and the ids
 * the element's catalogs translate (components/i18n/locales/doctor/, each
 * a chunk loaded with the doctor's checklist, not with the catalog). A
 * check carries the lines it was written from (`DiagnosisCheck.said`), so the
 * element draws them in its own language with the same values.
 *
 * Invariant: a check's English `detail` (or `fix`) is exactly its lines'
 * texts joined with nothing between them — a line that continues another
 * starts with its own space. A value that is itself the words of someone
 * else (a server's message, a browser's reason, a URL, a model name, a
 * command) is passed as it is and shown untranslated; a value in our own
 * words (where a context size was read) is a line of its own, passed as a
 * parameter and said in the same language. A count is passed as a number, so
 * a language with plural forms picks its form.
 */
import type { DiagnosisCheck, DiagnosisLine, DiagnosisStatus } from './diagnosis-types.js';

type V = string | number;

export const diagnosisLines = {
  dxAsIs: (text: string) => text,
  // Reachable, CORS
  dxReachTimeout: (origin: string, path: string, seconds: V) => `${origin} did not answer GET ${path} within ${seconds} s.`,
  dxReachTimeoutFix: 'Check that the server is running and not stuck (its log), and that nothing between (VPN, firewall, proxy) holds the connection.',
  dxSkipNoAnswer: 'The endpoint did not answer.',
  dxReachNothing: (origin: string) => `Nothing answers at ${origin} (connection refused, or the host is unreachable).`,
  dxSkipNothing: 'Nothing answers at the address.',
  dxStartOllama: 'Start Ollama: ollama serve (port 11434).',
  dxStartLmstudio: "Start LM Studio's server: the Developer tab, or lms server start (port 1234).",
  dxStartLlama: 'Start llama-server: llama-server -m model.gguf --port 8080.',
  dxStartVllm: 'Start vLLM: vllm serve MODEL (port 8000).',
  dxStartAny: 'Start the model server (Ollama: port 11434; LM Studio: 1234; llama-server: 8080; vLLM: 8000).',
  dxCheckAddress: ' Check the address and port in the base URL.',
  dxReachSomething: (origin: string, ms: V) => `Something answers at ${origin} (${ms} ms).`,
  dxCorsRefused: (origin: string) =>
    `The server does not let this page (${origin}) read its answers: the browser refuses them (CORS). (If CORS is already allowed, the connection was reset instead: look at the server's log.)`,
  dxCorsRefusedGuess: (origin: string, server: string) =>
    `The server does not let this page (${origin}) read its answers: the browser refuses them (CORS); by its port, probably ${server}. (If CORS is already allowed, the connection was reset instead: look at the server's log.)`,
  dxSkipUnreadable: "The server's answers cannot be read from this page.",
  dxCorsOllama: (origin: string) => `Ollama: restart it allowing this origin — OLLAMA_ORIGINS=${origin} ollama serve (macOS app: launchctl setenv OLLAMA_ORIGINS "${origin}", then restart Ollama).`,
  dxCorsLmstudio: 'LM Studio: turn on "Enable CORS" in the Developer tab\'s server settings (or lms server start --cors).',
  dxCorsLlama: 'llama-server lets every origin read it by default: a proxy in front of it (nginx, Caddy) must pass Access-Control-Allow-Origin on.',
  dxCorsVllm: (origin: string) => `vLLM: start it with --allowed-origins '["${origin}"]' (and --allowed-headers '["*"]' when an API key is sent).`,
  dxSpace: ' ',
  dxCorsProxy: " Or serve the model through a proxy on this page's own origin.",
  dxReachOk: (origin: string, path: string, ms: V, status: V) => `${origin} answered GET ${path} in ${ms} ms (HTTP ${status}).`,
  dxCorsSame: 'Same origin as this page: CORS does not apply.',
  dxCorsAllowed: (origin: string) => `This page (${origin}) may read its answers.`,
  // Server, model list
  dxServerNoListing: 'Not recognised: the model list could not be read.',
  dxSkipNoListing: 'The model list could not be read.',
  dxListRefused: (status: V) => `The endpoint refused the request (HTTP ${status}).`,
  dxListRefusedFix: 'Check the API key (apiKey). A key in a page is visible to its readers: prefer a proxy on your server that adds it.',
  dxListStatus: (path: string, status: V) => `GET ${path} answered HTTP ${status}.`,
  dxListStatusFix: 'Check that the base URL ends where the OpenAI API begins (usually …/v1, e.g. http://localhost:11434/v1).',
  dxListNotJson: (url: string) => `${url} did not answer with JSON.`,
  dxListNotJsonFix: 'Check that the base URL points at an OpenAI-compatible API (usually …/v1).',
  dxServerIs: (server: string) => `${server}.`,
  dxServerIsVersion: (server: string, version: string) => `${server} (${version}).`,
  dxServerOther: 'An OpenAI-compatible server (by its answers not llama.cpp, Ollama, vLLM or LM Studio).',
  dxModelListed: (model: string, count: number) => `"${model}" is among the ${count} model${count === 1 ? '' : 's'} the server lists.`,
  dxModelNoneListed: (model: string) => `The server lists no models, so "${model}" cannot be confirmed.`,
  dxModelLlama: (served: string, model: string) => `llama-server serves "${served}"; it answers requests for "${model}" with that model all the same.`,
  dxModelLlamaFix: (served: string) => `Set model to "${served}" so the trace and the thread name the model that really answers.`,
  dxModelMissing: (model: string, listed: string) => `The server has no model "${model}" (it lists ${listed}).`,
  dxMissingUse: (listed: string) => `Use one it lists (${listed})`,
  dxMissingLoad: 'Load a model first',
  dxMissingOllama: (model: string) => ` — or run: ollama pull ${model}`,
  dxMissingLmstudio: (model: string) => ` — or download and load it in LM Studio (lms get ${model}; lms load ${model})`,
  dxMissingVllm: ' — vLLM serves the model it was started with, under --served-model-name',
  dxEnd: '.',
  // Context window
  // Where a context size was read: a line said inside dxContext… (its `source`).
  dxSourceLlama: 'llama-server /props n_ctx',
  dxSourceLlamaSlots: (slots: number) => `llama-server /props n_ctx, per slot (${slots === 1 ? '1 slot' : `${slots} slots`})`,
  dxSourceVllm: 'vLLM /v1/models max_model_len',
  dxSourceLmstudio: 'LM Studio /api/v0/models loaded_context_length',
  dxSourceOllamaPs: 'Ollama /api/ps context_length, the model as loaded now',
  dxSourceModelfile: "the model's Modelfile, PARAMETER num_ctx",
  dxSourceOllamaDefault: "Ollama's default num_ctx: the model is not loaded and its Modelfile sets none",
  dxContextUnknown: (tokens: V) => `The server does not say; the agent budgets for ${tokens} tokens (the default).`,
  dxContextUnknownSet: (tokens: V) => `The server does not say; the agent budgets for ${tokens} tokens (contextTokens).`,
  dxContextUnknownFix: "Set contextTokens to the model's real window.",
  dxContextTooBig: (tokens: V, source: string, set: V) => `${tokens} tokens (${source}), but the agent's contextTokens is ${set}: requests past ${tokens} tokens are refused or cut.`,
  dxContextTooBigFix: (tokens: V) => `Set contextTokens to ${tokens} or less. Or give the model the bigger window: `,
  dxContextOllamaTrap: (tokens: V, source: string, model: string, trained: V) =>
    `${tokens} tokens (${source}), though "${model}" was trained for ${trained}: Ollama's OpenAI endpoint runs it at the default, and cuts longer prompts silently (the num_ctx trap).`,
  dxContextUnusable: (tokens: V, source: string) => `${tokens} tokens (${source}): too small for the agent — its system prompt and built-in tools alone take about 500 tokens, so requests are refused before any conversation.`,
  dxContextSmall: (tokens: V, source: string) => `${tokens} tokens (${source}): small — the tools, the system prompt and a few turns fill it, and older turns are folded often.`,
  dxContextOk: (tokens: V, source: string) => `${tokens} tokens (${source}).`,
  dxContextTell: (tokens: V) => ` The agent does not read this itself: set contextTokens: ${tokens}.`,
  dxContextSetFix: (tokens: V) => `createAgent({ …, contextTokens: ${tokens} }) (attribute context-tokens="${tokens}").`,
  dxWindowLlama: (want: V) => `Restart llama-server with a bigger window: -c ${want} (each of --parallel N slots gets -c/N).`,
  dxWindowOllama: (want: V, model: string, name: string) =>
    `Set the window Ollama runs the model at: OLLAMA_CONTEXT_LENGTH=${want} ollama serve — or per model, a Modelfile with "FROM ${model}" and "PARAMETER num_ctx ${want}", then ollama create ${name} -f Modelfile and use that model. (The OpenAI endpoint cannot pass num_ctx per request.)`,
  dxWindowVllm: (want: V) => `Restart vLLM with --max-model-len ${want} (as far as the model and GPU memory allow).`,
  dxWindowLmstudio: (want: V, model: string) => `Load the model with a bigger context length: in LM Studio's load settings, or lms load ${model} --context-length ${want}.`,
  dxWindowAny: "Give the server a bigger context window, or set the agent's contextTokens to the window it really has.",
  // Tool calls, stream, first token
  dxNotProbed: 'Not probed (probe: false).',
  dxToolsNative: (tool: string) => `Native: the model called ${tool} as a native tool call.`,
  dxToolsNativeButText: " (The agent is set to toolProtocol 'text'; 'auto' would use native calls.)",
  dxToolsRefused: (message: string) => `The server refused native tools: "${message}". The agent needs the text protocol here.`,
  dxToolsRefusedNative: (message: string) => `The server refused native tools: "${message}". The agent needs the text protocol here, but toolProtocol is 'native'.`,
  dxToolsFixLlama: 'Start llama-server with --jinja (the chat template then handles tools).',
  dxToolsFixOllama: 'This model has no "tools" capability in Ollama (ollama show MODEL lists its capabilities): pick a model that has it.',
  dxToolsFixVllm: "Start vLLM with --enable-auto-tool-choice --tool-call-parser <the model's parser, e.g. hermes for Qwen>.",
  dxToolsFixAny: 'Use a model or server that accepts the tools parameter.',
  dxToolsMeanwhile: " Meanwhile the agent works with the text protocol: toolProtocol 'auto' (the default) switches to it after the first refusal; toolProtocol: 'text' skips the refused request.",
  dxToolsTextCall: (tool: string) => `The model wrote the call to ${tool} as text in its reply, not as a native call.`,
  dxToolsTextCallNoSupport: (tool: string) => `The model wrote the call to ${tool} as text in its reply, not as a native call (the server says the model has no tool support).`,
  dxToolsTextCallFix: "Set toolProtocol: 'text' (the agent reads the common text call formats).",
  dxToolsTextCallFixLlama: ' Or start llama-server with --jinja, so the chat template turns such text into native calls.',
  dxToolsText: (tool: string) => `The model answered without calling ${tool}, though asked to: it may not handle native tools.`,
  dxToolsTextNoSupport: (tool: string) => `The model answered without calling ${tool}, though asked to (the server says the model has no tool support): it may not handle native tools.`,
  dxToolsTextFix: "Try toolProtocol: 'text', or a model trained for tool calls (qwen2.5, qwen3, llama3.1…).",
  dxToolsThinking: (max: V) => `Inconclusive: the model spent the probe's ${max} tokens reasoning before any call.`,
  dxToolsThinkingFix: 'Nothing is wrong yet: send a real question and look at the tool cards (or the trace).',
  dxToolsError: (message: string) => `The probe request failed: ${message}`,
  dxToolsErrorFix: "Read the server's message above (and its log); check the model name and that the model loads.",
  // The stream's quirks: a detail lists them, each its own line, between dxQuirkSep, ending with dxEnd.
  dxQuirkSep: '; ',
  dxQuirkJson: 'answered with one JSON completion, not a stream (read all the same)',
  dxQuirkFinish: (reason: string) => `finish_reason "${reason}" with a tool call (read as a call all the same)`,
  dxQuirkReasoningContent: 'reasoning in reasoning_content (llama.cpp, DeepSeek, older vLLM)',
  dxQuirkReasoning: 'reasoning in reasoning (Ollama, OpenRouter, newer vLLM)',
  dxQuirkThink: 'reasoning inline in <think> tags in the content (split off as thinking)',
  dxQuirkArgsObject: 'tool-call arguments sent as a JSON object, not a string (read all the same)',
  dxQuirkNoIndex: 'tool-call deltas without an index (read in order)',
  dxQuirkNoId: 'a tool call without an id (one is made up)',
  dxQuirkUsageEmpty: 'usage on a final chunk with no choices',
  dxQuirkUsageEvery: 'usage on every chunk (the last is used)',
  dxQuirkUsageLast: 'usage on the last chunk',
  dxQuirkNoUsage: 'no token usage reported (the context meter estimates instead)',
  dxQuirkArgsOne: 'tool-call arguments in one piece',
  dxQuirkArgsPieces: (pieces: number) => `tool-call arguments streamed in ${pieces} pieces`,
  dxNoStream: 'No reply was streamed.',
  dxNoToken: 'The reply had no token.',
  dxFirstSlow: (ms: V, total: V) => `${ms} ms to the first token (${total} ms in all): slow — the model was probably being loaded.`,
  dxFirstSlowFix: 'Run /doctor again once it is loaded; if it stays slow, use a smaller model or quantisation, or offload more layers to the GPU.',
  dxFirstOk: (ms: V, total: V, max: V) => `${ms} ms to the first token (${total} ms for the whole probe, at most ${max} tokens).`,
  // Vision
  dxVisionUnknown: 'The server does not say whether the model takes images.',
  dxVisionUnknownOf: (server: string) => `${server} does not say whether the model takes images.`,
  dxVisionYes: 'The model takes images (the server says so).',
  dxVisionNo: 'The model does not take images (the server says so): attached images cannot be read.',
  dxVisionFixLlama: "Start llama-server with the model's projector: --mmproj mmproj.gguf (or -hf with a vision model).",
  dxVisionFixOllama: 'Use a vision model (gemma3, qwen2.5vl, llava) for questions about images.',
  dxVisionFixAny: 'Load a vision model (a "VLM") for questions about images.',
  // In-page engine
  dxWorkerOk: "The page's Content-Security-Policy lets llama.cpp's worker (a blob: URL) and WebAssembly start.",
  dxWorkerFix: "Add 'wasm-unsafe-eval' to script-src and blob: to worker-src in the page's Content-Security-Policy.",
  // Why the engine cannot start here (src/model/engine/worker-policy.ts's errors, word for word).
  dxWorkerNoWasm: (message: string) =>
    `The page's Content-Security-Policy does not allow WebAssembly, which the in-page model (llama.cpp) is: add 'wasm-unsafe-eval' to script-src (and blob: to worker-src). (${message})`,
  dxWorkerNoBlob: "The page's Content-Security-Policy does not let the in-page model start its worker: wllama starts it from a blob: URL. Add blob: to worker-src (e.g. worker-src 'self' blob:).",
  dxWorkerStuck: (seconds: V) => `The in-page model's worker did not start within ${seconds} s (the browser may be out of memory or blocking workers).`,
  dxIsolationFix: 'Serve the page with "Cross-Origin-Opener-Policy: same-origin" and "Cross-Origin-Embedder-Policy: require-corp" (or credentialless): threads need SharedArrayBuffer.',
  dxThreadsRefused: (threads: V) => `engine.threads is ${threads}, but this page is not cross-origin isolated: the engine refuses to start.`,
  dxThreadsLeaveOut: ' Or leave engine.threads out.',
  dxThreadsOne: (cores: V) => `1 of ${cores} cores: replies come several times slower than they could.`,
  dxThreadsOk: (threads: V, cores: V) => `${threads} of ${cores} cores.`,
  dxIsolationOk: 'The page is cross-origin isolated (SharedArrayBuffer available).',
  dxIsolationNo: 'The page is not cross-origin isolated: the engine runs on one thread.',
  dxGpuOk: (adapter: string) => `The model runs on the GPU: ${adapter}.`,
  dxGpuOff: (reason: string) => `Not used: ${reason}`,
  dxGpuCpu: (reason: string) => `The model runs on the CPU: ${reason}`,
  // Why the CPU (src/model/engine/gpu-backend.ts's `reason`, word for word), said inside dxGpuOff / dxGpuCpu.
  dxGpuWhyOff: "engine.gpu is 'off'.",
  dxGpuWhyLayers: 'engine.gpuLayers is 0.',
  dxGpuWhyNone: 'This browser has no WebGPU here (navigator.gpu is absent: an old browser, WebGPU switched off, or a page that is not a secure context).',
  dxGpuWhyFailed: (message: string) => `WebGPU's requestAdapter() failed: ${message}.`,
  dxGpuWhyNoAdapter: 'WebGPU offers no adapter (requestAdapter() returned null: no usable GPU, or the browser blocks it).',
  dxGpuWhyLacks: (adapter: string, features: string) => `The WebGPU adapter (${adapter}) lacks ${features}, which llama.cpp's WebGPU backend needs.`,
  dxGpuFix: 'Use a browser with WebGPU on a secure context (https or localhost), with a GPU that has shader-f16 and subgroups (recent Chrome or Edge on a desktop GPU).',
  dxCachePicked: 'The model is a file the user picked: it is read from the disk, not cached.',
  dxCacheOff: 'Caching is off (engine.cache: false): each load downloads the model.',
  dxCacheNoOpfs: 'This page has no Origin Private File System: each load downloads the model again.',
  dxCacheNoCacheApi: 'This page has no Cache API: each load downloads the model again.',
  dxCacheNoStoreFix: 'Serve the page from https (or localhost): the Cache API and OPFS exist only in secure contexts.',
  dxCachedOpfs: (size: string) => `Cached in the Origin Private File System (${size}): loads without the network.`,
  dxCachedCacheApi: (size: string) => `Cached in the Cache API (${size}): loads without the network.`,
  dxColdOpfs: 'Not downloaded yet: the first load downloads it, then keeps it in the Origin Private File System.',
  dxColdCacheApi: 'Not downloaded yet: the first load downloads it, then keeps it in the Cache API.',
  // Model module
  dxModelModule: (module: string) => `The agent's model is the module ${module} (option modelModule): no endpoint or engine to check.`,
};

/** The doctor's lines, as the element's language writes them. */
export type DiagnosisLines = typeof diagnosisLines;
type LineId = keyof DiagnosisLines;
/** A line's values: a text may also be a line of our own words (said inside it: DiagnosisLine). */
type ParamsOf<K extends LineId> = DiagnosisLines[K] extends (...args: infer A) => string ? { [I in keyof A]: A[I] extends string ? A[I] | DiagnosisLine : A[I] } : [];

/** One line of a finding or a fix, said with its values. */
export function line<K extends LineId>(id: K, ...params: ParamsOf<K>): DiagnosisLine {
  return { id, params: params as DiagnosisLine['params'] };
}

/** The English of `lines` (the invariant above). */
export function englishOf(lines: readonly DiagnosisLine[]): string {
  return lines.map(({ id, params }) => {
    const word = (diagnosisLines as Record<string, string | ((...a: V[]) => string)>)[id];
    return typeof word === 'function' ? word(...params.map((p) => (typeof p === 'object' ? englishOf([p]) : p))) : (word ?? '');
  }).join('');
}

/** A check written from its lines: the English `detail` and `fix`, and the lines themselves (`said`). */
export function check(id: string, label: string, status: DiagnosisStatus, detail: readonly DiagnosisLine[], fix?: readonly DiagnosisLine[]): DiagnosisCheck {
  return {
    id,
    label,
    status,
    detail: englishOf(detail),
    ...(fix ? { fix: englishOf(fix) } : {}),
    said: { detail: [...detail], ...(fix ? { fix: [...fix] } : {}) },
  };
}
