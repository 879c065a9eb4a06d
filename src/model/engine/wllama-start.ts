/**
 * Starts wllama (llama.cpp in WebAssembly, in a worker of its own) on the
 * backend `chooseBackend` picked, and falls back to the CPU when the GPU
 * fails: the result always says which backend runs the model and, for the
 * CPU, why not the GPU.
 *
 * The two backends get different llama.cpp settings, each measured
 * (bench/README.md, "Where the per-token time goes"):
 * - CPU: the KV cache in q8_0 with flash attention. wllama's WebAssembly has
 *   no fast f16 arithmetic (no F16C as on x86, no f16 SIMD in wasm), so the
 *   default f16 cache spends most of a token converting halves one by one in
 *   the attention (17.4 → 8.1 ms of CPU per token on the tiny model; f32
 *   without flash attention is as fast but doubles the cache's memory, q8_0
 *   halves it).
 * - WebGPU: llama.cpp's defaults (f16 cache; the GPU has f16 arithmetic, and
 *   the backend requires `shader-f16`).
 */
import type { Wllama } from '@wllama/wllama/esm/index.js';
import type { EngineBackend } from '../../types.js';
import { PageloopError } from '../../errors.js';
import type { BackendChoice } from './gpu-backend.js';
import { readOffload } from './gpu-backend.js';

/** What `startWllama` needs besides the file. */
export interface StartParams {
  name: string;
  threads: number;
  contextSize: number;
  seed: number | undefined;
  wasmUrl: string;
  /** `EngineOptions.gpuLayers`: undefined for all of them. */
  gpuLayers: number | undefined;
}

/** A loaded wllama and the backend that runs it. */
export interface Started {
  wllama: Wllama;
  backend: EngineBackend;
  gpuLayers?: { offloaded: number; total: number };
  fallbackReason?: string;
}

/** All layers, as llama.cpp reads "more than the model has". */
const ALL_LAYERS = 999;

/** Loads `blob` on the chosen backend; on a GPU failure, again on the CPU. Rejects with a `PageloopError` only when the CPU load fails too. */
export async function startWllama(blob: Blob, params: StartParams, choice: BackendChoice): Promise<Started> {
  if (choice.backend === 'cpu') return { ...(await loadOn('cpu', blob, params)), fallbackReason: choice.reason };
  let gpuFailure: string;
  try {
    const started = await loadOn('webgpu', blob, params);
    // llama.cpp prints the count only when it registered a GPU device: no line, no layer on the GPU.
    const layers = started.offload;
    if (layers && layers.offloaded > 0) return { wllama: started.wllama, backend: 'webgpu', gpuLayers: layers };
    // llama.cpp kept every layer on the CPU (its own checks refused the device): say so, and use the CPU's settings.
    await started.wllama.exit().catch(() => {});
    gpuFailure = `llama.cpp put no layer on the WebGPU adapter (${choice.adapter})`;
  } catch (err) {
    gpuFailure = `The WebGPU adapter (${choice.adapter}) failed while loading the model: ${err instanceof PageloopError ? err.message : String(err)}`;
  }
  return { ...(await loadOn('cpu', blob, params)), fallbackReason: `${gpuFailure}; the model runs on the CPU.` };
}

async function loadOn(backend: EngineBackend, blob: Blob, params: StartParams): Promise<{ wllama: Wllama; backend: EngineBackend; offload?: { offloaded: number; total: number } }> {
  const { Wllama } = await import('@wllama/wllama/esm/index.js');
  // llama.cpp says why a load failed, and how many layers it offloaded, only in its log.
  const log = new NativeLog();
  const wllama = new Wllama({ default: params.wasmUrl }, { suppressNativeLog: false, logger: log.logger });
  // Compat mode would fetch its worker and wasm from a CDN: never (offline, and a different build).
  wllama.setCompat(null);
  const gpu = backend === 'webgpu';
  try {
    await boundedLoad(log, blob.size, params.name, wllama.loadModel([blob], {
      n_threads: params.threads,
      n_ctx: params.contextSize,
      n_parallel: 1,
      // 0 also stops wllama from initialising WebGPU in its worker at all.
      n_gpu_layers: gpu ? (params.gpuLayers ?? ALL_LAYERS) : 0,
      ...(gpu ? {} : { cache_type_k: 'q8_0', cache_type_v: 'q8_0', flash_attn: true }),
      seed: params.seed,
      warmup: false,
      // The offload count is an info line; on the CPU only warnings and errors are wanted.
      log_level: gpu ? 2 : 3,
    }));
    // wllama resolves even when llama.cpp failed; only `success` tells.
    if (!(wllama.getLoadedContextInfo() as { success?: boolean }).success) throw new Error(log.last() || 'llama.cpp gave no reason');
  } catch (err) {
    await wllama.exit().catch(() => {});
    throw err instanceof PageloopError ? err : loadError(err, params.name, blob.size, params.contextSize, log.last());
  }
  return { wllama, backend, ...(log.offload ? { offload: log.offload } : {}) };
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

/** Keeps the last warnings and errors of llama.cpp's log, which is where load failures are explained, and its offload count. */
class NativeLog {
  #lines: string[] = [];
  offload: { offloaded: number; total: number } | undefined;
  /** Called when wllama's worker reports an error event (wllama itself only logs it). */
  onWorkerError: ((why: string) => void) | undefined;
  readonly logger = {
    debug: (...args: unknown[]) => {
      this.offload ??= readOffload(args.map(String).join(' '));
    },
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

/** Names what went wrong while llama.cpp read the file. */
function loadError(err: unknown, name: string, bytes: number, contextSize: number, logged: string): PageloopError {
  let message = err instanceof Error ? err.message : String(err);
  // An aborted wasm module says only "(ABORT)"; llama.cpp's log says why.
  if (/^\W*\(ABORT\)\W*$/.test(message.replace(/^RuntimeError:\s*/, '')) && logged) message = logged;
  const mb = Math.round(bytes / 1e6);
  if (/memory|alloc|OOM|RangeError|out of bounds|create.?context/i.test(message) || err instanceof RangeError) {
    return new PageloopError(
      'out-of-memory',
      `${name} (${mb} MB, context ${contextSize} tokens) does not fit in the memory this page can use (${message}). Pick a smaller model (e.g. a 0.5B–1.5B Q4 quantisation) or a smaller contextSize.`,
    );
  }
  return new PageloopError('model-file', `llama.cpp could not load ${name} (${mb} MB): ${message}. The file may be cut short or corrupt, or its architecture unknown to this llama.cpp build.`);
}
