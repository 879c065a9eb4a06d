/**
 * A GGUF model run in the agent's worker with llama.cpp compiled to
 * WebAssembly (`@wllama/wllama`, which starts a worker of its own for the
 * computation, so this worker stays free to answer the page while a model
 * loads or generates). It is a raw `ChatModel`: everything above it — the
 * text protocol, approvals, cancellation, memory, threads — is unchanged.
 *
 * Invariants:
 * - The state is reported on every change through `onStatus` (the page sees
 *   `engine` events), and a failed load leaves the engine ready to load again:
 *   the next `stream` retries, so a network blip is not fatal.
 * - Native tools are offered only when the model's template has a tools
 *   section; otherwise `stream` throws `tools-unsupported` and an `auto` agent
 *   switches to the text protocol, as with an endpoint that refuses tools.
 * - A cancelled generation stops at the next token (wllama cancels the
 *   request in the wasm worker when `signal` fires).
 * - wllama's "compat" mode is switched off: its files come from a CDN.
 */
import type { Wllama } from '@wllama/wllama/esm/index.js';
import type { EngineOptions, EngineSource, EngineStatus } from '../../types.js';
import type { AssembledToolCall, ChatModel, ModelEvent, ModelRequest } from '../chat-model.js';
import { PageloopError, abortError, isAbortError } from '../../errors.js';
import { ThinkSplitter } from '../think-splitter.js';
import { ChatTemplate } from './chat-template.js';
import { openGguf } from './gguf-source.js';
import { ToolCallBlocks, readCallBody } from './tool-call-blocks.js';
import { DEFAULT_WASM_URL } from './wasm-url.js';
import { DEFAULT_ENGINE_CONTEXT } from './engine-defaults.js';
import { assertEngineCanStart } from './worker-policy.js';

const DEFAULT_MAX_TOKENS = 1024;
const DEFAULT_TEMPERATURE = 0.7;

interface Loaded {
  wllama: Wllama;
  template: ChatTemplate;
}

/** Runs one GGUF model; `model` is the `ChatModel` the loop talks to. */
export class GgufEngine {
  #options: EngineOptions;
  #onStatus: (status: EngineStatus) => void;
  #status: EngineStatus = { state: 'idle' };
  #loading: Promise<Loaded> | undefined;
  #disposed = false;
  #abortLoad = new AbortController();

  /** The model, as the loop sees it. */
  readonly model: ChatModel = { stream: (request, signal) => this.#stream(request, signal) };

  constructor(options: EngineOptions, onStatus: (status: EngineStatus) => void = () => {}) {
    this.#options = options;
    this.#onStatus = onStatus;
  }

  /** What the engine is doing now. */
  status(): EngineStatus {
    return this.#status;
  }

  /** Loads the model (once; again after a failure). Rejects with a `PageloopError` that says what went wrong. */
  load(): Promise<void> {
    return this.#load().then(() => {});
  }

  /** Frees the model's memory and its wasm worker; a load under way is abandoned. */
  async dispose(): Promise<void> {
    this.#disposed = true;
    this.#abortLoad.abort();
    const loading = this.#loading;
    this.#loading = undefined;
    const loaded = await loading?.catch(() => undefined);
    await loaded?.wllama.exit().catch(() => {});
  }

  #setStatus(status: EngineStatus): void {
    this.#status = status;
    this.#onStatus(status);
  }

  #load(): Promise<Loaded> {
    if (this.#disposed) return Promise.reject(new PageloopError('disposed', 'The engine was disposed.'));
    if (this.#loading) return this.#loading;
    const loading = this.#loadOnce();
    this.#loading = loading;
    loading.catch((err: unknown) => {
      if (this.#loading === loading) this.#loading = undefined;
      if (this.#disposed) return;
      const error = err instanceof PageloopError ? err : new PageloopError('internal', String((err as Error)?.message ?? err));
      this.#setStatus({ state: 'error', code: error.code, message: error.message });
    });
    return loading;
  }

  async #loadOnce(): Promise<Loaded> {
    const started = performance.now();
    const threads = chooseThreads(this.#options.threads);
    const { gguf } = this.#options;
    this.#setStatus(typeof gguf === 'string' ? { state: 'downloading', loaded: 0 } : { state: 'loading', source: 'file' });
    const file = await openGguf(gguf, {
      cache: this.#options.cache,
      signal: this.#abortLoad.signal,
      onProgress: (loaded, total) => this.#setStatus(total === undefined ? { state: 'downloading', loaded } : { state: 'downloading', loaded, total }),
    });
    this.#setStatus({ state: 'loading', source: file.source });
    // A policy that forbids wllama's blob: worker or WebAssembly would leave the load waiting for ever: fail now, naming it.
    await assertEngineCanStart();
    const { Wllama } = await import('@wllama/wllama/esm/index.js');
    // llama.cpp says why a load failed only in its log: keep the last lines for the error message.
    const log = new NativeLog();
    const wllama = new Wllama({ default: this.#options.wasmUrl ?? DEFAULT_WASM_URL }, { suppressNativeLog: false, logger: log.logger });
    // Compat mode would fetch its worker and wasm from a CDN: never (offline, and a different build).
    wllama.setCompat(null);
    const contextSize = this.#options.contextSize ?? DEFAULT_ENGINE_CONTEXT;
    try {
      await boundedLoad(log, file.blob.size, file.name, wllama.loadModel([file.blob], {
        n_threads: threads,
        n_ctx: contextSize,
        n_parallel: 1,
        n_gpu_layers: 0,
        seed: this.#options.seed,
        warmup: false,
        log_level: 3 /* warnings and errors */,
      }));
      // wllama resolves even when llama.cpp failed; only `success` tells.
      if (!(wllama.getLoadedContextInfo() as { success?: boolean }).success) throw new Error(log.last() || 'llama.cpp gave no reason');
    } catch (err) {
      await wllama.exit().catch(() => {});
      throw err instanceof PageloopError ? err : loadError(err, file.name, file.blob.size, contextSize);
    }
    if (this.#disposed) {
      await wllama.exit().catch(() => {});
      throw new PageloopError('disposed', 'The engine was disposed while loading.');
    }
    let template: ChatTemplate;
    try {
      const info = wllama.getLoadedContextInfo();
      template = new ChatTemplate(wllama.getChatTemplate(), { bos: info.metadata['tokenizer.ggml.bos_token_text'] ?? tokenText(info, 'bos'), eos: tokenText(info, 'eos') }, file.name);
    } catch (err) {
      await wllama.exit().catch(() => {});
      throw err;
    }
    const name = wllama.getModelMetadata().meta['general.name'] || file.name;
    const ready: EngineStatus = { state: 'ready', source: file.source, model: name, threads, contextSize, loadMs: Math.round(performance.now() - started) };
    this.#setStatus(file.warning ? { ...ready, cacheWarning: file.warning } : ready);
    return { wllama, template };
  }

  async *#stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    const { wllama, template } = await abortable(this.#load(), signal);
    const tools = request.tools?.length ? request.tools : undefined;
    if (tools && !template.supportsTools) {
      throw new PageloopError('tools-unsupported', "This model's chat template has no section for tools; pageloop describes them in the system prompt instead.");
    }
    const prompt = template.render(request.messages, tools);
    if (signal.aborted) throw abortError('The run was cancelled.');
    // Some templates (DeepSeek-R1 distills, Qwen3 "thinking" variants) open the reasoning block in the prompt itself.
    const think = new ThinkSplitter({ opened: /<think>\s*$/.test(prompt) });
    const blocks = tools ? new ToolCallBlocks() : undefined;
    const calls: AssembledToolCall[] = [];
    let text = '';
    let finishReason: string | null = null;
    let usage: { promptTokens: number; completionTokens: number } | undefined;
    const events: ModelEvent[] = [];
    const take = (split: { text: string; thinking: string }) => {
      if (split.thinking) events.push({ type: 'thinking', delta: split.thinking });
      if (!split.text) return;
      if (!blocks) return pushText(split.text);
      const out = blocks.push(split.text);
      pushText(out.text);
      out.calls.forEach(pushCall);
    };
    const pushText = (delta: string) => {
      if (!delta) return;
      text += delta;
      events.push({ type: 'text', delta });
    };
    const pushCall = (body: string) => {
      const { name, argsText } = readCallBody(body);
      const call: AssembledToolCall = { id: `call_${crypto.randomUUID()}`, name, argsText };
      events.push({ type: 'tool-call-delta', index: calls.length, id: call.id, name, argsText });
      calls.push(call);
    };
    try {
      const chunks = await wllama.createCompletion({
        prompt,
        stream: true,
        abortSignal: signal,
        temperature: this.#options.temperature ?? DEFAULT_TEMPERATURE,
        max_tokens: this.#options.maxTokens ?? DEFAULT_MAX_TOKENS,
        // llama.cpp's completion stops there itself, as a server would (the text protocol's `<observation`).
        ...(request.stop?.length ? { stop: request.stop } : {}),
        ...(this.#options.seed !== undefined ? { seed: this.#options.seed } : {}),
      });
      for await (const chunk of chunks) {
        const choice = chunk.choices[0];
        if (choice?.text) take(think.push(choice.text));
        if (choice?.finish_reason) finishReason = choice.finish_reason;
        if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
        yield* events.splice(0);
      }
    } catch (err) {
      if (signal.aborted || isAbortError(err)) throw abortError('The run was cancelled.');
      throw generationError(err);
    }
    take(think.flush());
    if (blocks) {
      const rest = blocks.flush();
      pushText(rest.text);
      rest.calls.forEach(pushCall);
    }
    if (usage) events.push({ type: 'usage', ...usage });
    yield* events.splice(0);
    yield { type: 'done', text, toolCalls: calls, finishReason: calls.length ? 'tool_calls' : finishReason };
  }
}

/**
 * `loading`, unless llama.cpp's worker fails (wllama only logs that, and its
 * load would then wait for ever) or it takes longer than any sound load
 * could: two minutes and one more per GB of model.
 */
function boundedLoad(log: NativeLog, bytes: number, name: string, loading: Promise<void>): Promise<void> {
  const ms = 120_000 + Math.ceil(bytes / 1e9) * 60_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageloopError('timeout', `llama.cpp did not finish loading ${name} within ${ms / 1000} s: the page may be short of memory, or its tab was in the background. Try again, or pick a smaller model.`, true)), ms);
    log.onWorkerError = (why) => reject(new PageloopError('internal', `llama.cpp's worker failed while loading ${name}: ${why}`));
  });
  return Promise.race([loading, bound]).finally(() => clearTimeout(timer));
}

/** Keeps the last warnings and errors of llama.cpp's log, which is where load failures are explained. */
class NativeLog {
  #lines: string[] = [];
  /** Called when wllama's worker reports an error event (wllama itself only logs it). */
  onWorkerError: ((why: string) => void) | undefined;
  readonly logger = {
    debug: () => {},
    log: () => {},
    warn: (...args: unknown[]) => this.#keep(args),
    error: (...args: unknown[]) => this.#keep(args),
  };

  #keep(args: unknown[]): void {
    const first = args[0];
    if (typeof Event !== 'undefined' && first instanceof Event) {
      this.onWorkerError?.(first instanceof ErrorEvent && first.message ? first.message : 'its worker could not start or crashed');
      return;
    }
    const line = args.map(String).join(' ').replace(/^@@\w+@@/, '').trim();
    if (!line) return;
    this.#lines.push(line);
    if (this.#lines.length > 8) this.#lines.shift();
  }

  /** The most telling recent line, for an error message: an allocation failure if there was one, else the last few lines. */
  last(): string {
    // Drop the "module function:" prefixes and wllama's internal file names, which say nothing to the app.
    const clean = this.#lines.map((l) => l.replace(/^\S+\s+\S+:\s*/, '').replace(/,?\s*'models\/[^']*'/g, '').replace(/^\w+:\s*/, ''));
    const alloc = clean.find((l) => /alloc|memory/i.test(l));
    return alloc ?? [...new Set(clean.slice(-3))].join(' / ');
  }
}

/**
 * One thread unless the page is cross-origin isolated (threads need
 * SharedArrayBuffer); then half the cores, leaving the rest to the page.
 * Asking for more than one thread on a page that is not isolated is an error,
 * not a silent downgrade, so the app learns it must send COOP/COEP headers.
 */
export function chooseThreads(requested: number | undefined): number {
  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  if (requested !== undefined) {
    if (!Number.isInteger(requested) || requested < 1) throw new PageloopError('bad-request', `engine.threads must be a whole number of at least 1 (got ${requested}).`);
    if (requested > 1 && !isolated) {
      throw new PageloopError(
        'bad-request',
        `engine.threads: ${requested} needs a cross-origin isolated page (served with "Cross-Origin-Opener-Policy: same-origin" and "Cross-Origin-Embedder-Policy: require-corp"); this page is not, so only 1 thread is possible.`,
      );
    }
    return requested;
  }
  if (!isolated) return 1;
  return Math.max(1, Math.floor((navigator.hardwareConcurrency || 2) / 2));
}

function tokenText(info: { metadata: Record<string, string> }, which: 'bos' | 'eos'): string {
  return info.metadata[`tokenizer.ggml.${which}_token_text`] ?? '';
}

/** Names what went wrong while llama.cpp read the file. */
function loadError(err: unknown, name: string, bytes: number, contextSize: number): PageloopError {
  const message = err instanceof Error ? err.message : String(err);
  const mb = Math.round(bytes / 1e6);
  if (/memory|alloc|OOM|RangeError|out of bounds|create.?context/i.test(message) || err instanceof RangeError) {
    return new PageloopError(
      'out-of-memory',
      `${name} (${mb} MB, context ${contextSize} tokens) does not fit in the memory this page can use (${message}). Pick a smaller model (e.g. a 0.5B–1.5B Q4 quantisation) or a smaller contextSize.`,
    );
  }
  return new PageloopError('model-file', `llama.cpp could not load ${name} (${mb} MB): ${message}. The file may be cut short or corrupt, or its architecture unknown to this llama.cpp build.`);
}

function generationError(err: unknown): PageloopError {
  if (err instanceof PageloopError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/memory|alloc|OOM/i.test(message)) return new PageloopError('out-of-memory', `The model ran out of memory while generating: ${message}`);
  return new PageloopError('stream', `The in-page model failed while generating: ${message}`);
}

/** Waits for `promise` unless `signal` fires first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortError('The run was cancelled.'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError('The run was cancelled.'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export type { EngineSource };
