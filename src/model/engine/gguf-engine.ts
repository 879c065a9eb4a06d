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
 * - The model runs on WebGPU when `gpu` is 'auto' and the browser has an
 *   adapter llama.cpp can use, else on the CPU; the `ready` status says which
 *   and why (gpu-backend.ts, wllama-start.ts). When the GPU fails while
 *   generating (a lost device), the engine reloads the model on the CPU and
 *   stays there: a reply that had not started yet is made on the CPU at once,
 *   one cut short ends with a retryable error.
 */
import type { Wllama } from '@wllama/wllama/esm/index.js';
import type { EngineBackend, EngineOptions, EngineSource, EngineStatus } from '../../types.js';
import type { AssembledToolCall, ChatModel, ModelEvent, ModelRequest } from '../chat-model.js';
import { PageloopError, abortError, isAbortError } from '../../errors.js';
import { ThinkSplitter } from '../think-splitter.js';
import { ChatTemplate } from './chat-template.js';
import { openGguf } from './gguf-source.js';
import { ToolCallBlocks, readCallBody } from './tool-call-blocks.js';
import { DEFAULT_WASM_URL } from './wasm-url.js';
import { DEFAULT_ENGINE_CONTEXT } from './engine-defaults.js';
import { chooseBackend } from './gpu-backend.js';
import { carriesImages } from '../vision-refusal.js';
import type { BackendChoice } from './gpu-backend.js';
import { startWllama } from './wllama-start.js';
import { assertEngineCanStart } from './worker-policy.js';
import { abortable } from '../../abortable.js';

const DEFAULT_MAX_TOKENS = 1024;
const DEFAULT_TEMPERATURE = 0.7;

interface Loaded {
  wllama: Wllama;
  template: ChatTemplate;
  backend: EngineBackend;
}

/** Runs one GGUF model; `model` is the `ChatModel` the loop talks to. */
export class GgufEngine {
  #options: EngineOptions;
  #onStatus: (status: EngineStatus) => void;
  #status: EngineStatus = { state: 'idle' };
  #loading: Promise<Loaded> | undefined;
  #disposed = false;
  #abortLoad = new AbortController();
  /** Set once the GPU failed while generating: every later load uses the CPU, for this reason. */
  #gpuLost: string | undefined;

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
    const startedAt = performance.now();
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
    const contextSize = this.#options.contextSize ?? DEFAULT_ENGINE_CONTEXT;
    const choice: BackendChoice = this.#gpuLost ? { backend: 'cpu', reason: this.#gpuLost } : await chooseBackend(this.#options.gpu, this.#options.gpuLayers);
    const started = await startWllama(
      file.blob,
      { name: file.name, threads, contextSize, seed: this.#options.seed, wasmUrl: this.#options.wasmUrl ?? DEFAULT_WASM_URL, gpuLayers: this.#options.gpuLayers },
      choice,
    );
    const { wllama } = started;
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
    const ready: EngineStatus = {
      state: 'ready',
      source: file.source,
      model: name,
      threads,
      contextSize,
      loadMs: Math.round(performance.now() - startedAt),
      backend: started.backend,
      ...(started.gpuLayers ? { gpuLayers: started.gpuLayers } : {}),
      ...(started.fallbackReason ? { fallbackReason: started.fallbackReason } : {}),
    };
    this.#setStatus(file.warning ? { ...ready, cacheWarning: file.warning } : ready);
    return { wllama, template, backend: started.backend };
  }

  /** After a GPU failure: frees the broken wllama and loads the model again, on the CPU from now on (the status says why). */
  async #leaveGpu(loading: Promise<Loaded>, loaded: Loaded, reason: string): Promise<void> {
    this.#gpuLost = reason;
    if (this.#loading === loading) this.#loading = undefined;
    await loaded.wllama.exit().catch(() => {});
    this.#load().catch(() => {
      // Reported through the status; the next message tries again.
    });
  }

  async *#stream(request: ModelRequest, signal: AbortSignal): AsyncGenerator<ModelEvent> {
    const loading = this.#load();
    const loaded = await abortable(loading, signal, () => {
      throw abortError('The run was cancelled.');
    });
    const { wllama, template } = loaded;
    const tools = request.tools?.length ? request.tools : undefined;
    if (tools && !template.supportsTools) {
      throw new PageloopError('tools-unsupported', "This model's chat template has no section for tools; pageloop describes them in the system prompt instead.");
    }
    if (request.multimodal && carriesImages(request.multimodal)) {
      throw new PageloopError('vision-unsupported', 'The in-page model reads text only (llama.cpp in WebAssembly loads no vision projector). Your message is kept; send it again without the image, or use an endpoint with a vision model.');
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
    let streamed = false;
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
        streamed ||= events.length > 0;
        yield* events.splice(0);
      }
    } catch (err) {
      if (signal.aborted || isAbortError(err)) throw abortError('The run was cancelled.');
      if (loaded.backend !== 'webgpu') throw generationError(err);
      const reason = `The GPU failed while generating (${errorText(err)}); the model was reloaded on the CPU.`;
      await this.#leaveGpu(loading, loaded, reason);
      // Nothing reached the loop yet: make the same reply on the CPU, unseen. Otherwise the loop must not get a reply in two halves.
      if (!streamed) return yield* this.#stream(request, signal);
      throw new PageloopError('stream', `${reason} The reply was cut short: send again.`, true);
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

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function generationError(err: unknown): PageloopError {
  if (err instanceof PageloopError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/memory|alloc|OOM/i.test(message)) return new PageloopError('out-of-memory', `The model ran out of memory while generating: ${message}`);
  return new PageloopError('stream', `The in-page model failed while generating: ${message}`);
}


export type { EngineSource };
