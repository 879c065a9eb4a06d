/**
 * Which backend llama.cpp gets: WebGPU when this browser has an adapter that
 * llama.cpp's WebGPU backend can use, the CPU (WebAssembly) otherwise — with
 * the reason in words, for the engine's status.
 *
 * What "can use" means was read from wllama 3.8.1's build, not guessed: its
 * ggml-webgpu asks `requestDevice` for the `shader-f16` and `subgroups`
 * features. An adapter without `shader-f16` (SwiftShader, Chromium's software
 * Vulkan, is one) makes llama.cpp skip the GPU without a word and run every
 * layer on the CPU; forcing the request anyway aborts the wasm module. So the
 * check is done here first, in the worker that will run llama.cpp's own worker
 * (both see the same `navigator.gpu`), and the status never claims a GPU that
 * llama.cpp did not get. The engine still confirms the offload from llama.cpp's
 * log after loading (`offloadedLayers`).
 */
import type { EngineGpu } from '../../types.js';
import type { DiagnosisLine } from '../../diagnosis-types.js';

/** Features llama.cpp's WebGPU backend (wllama 3.8.1) requires of the device. */
export const REQUIRED_GPU_FEATURES = ['shader-f16', 'subgroups'] as const;

/**
 * The backend decided on before loading, and why: `reason` in English (the
 * engine's status), `why` the same as a doctor's line (`dxGpuWhy…` of
 * src/diagnosis-lines.ts, whose English is `reason` word for word: a test
 * says them side by side), so the doctor says it in the element's language.
 * A reason the engine learns later (the GPU lost while loading) has no `why`.
 */
export type BackendChoice = { backend: 'webgpu'; adapter: string } | { backend: 'cpu'; reason: string; why?: DiagnosisLine };

/** The CPU, for `reason`, said as line `id` with `params`. */
const cpu = (reason: string, id: string, ...params: string[]): BackendChoice => ({ backend: 'cpu', reason, why: { id, params } });

/** The slice of `navigator.gpu` this needs (a structural type: DOM typings of WebGPU are not in every lib). */
export interface GpuLike {
  requestAdapter(options?: { powerPreference?: 'high-performance' | 'low-power' }): Promise<AdapterLike | null>;
}
interface AdapterLike {
  readonly features: { has(name: string): boolean };
  readonly info?: { vendor?: string; architecture?: string; description?: string };
}

/** `navigator.gpu` of this realm, if any (absent outside secure contexts and in browsers without WebGPU). */
export function currentGpu(): GpuLike | undefined {
  return (globalThis.navigator as { gpu?: GpuLike } | undefined)?.gpu;
}

/**
 * Decides the backend for `engine.gpu` / `engine.gpuLayers`, with
 * `navigatorGpu` this realm's WebGPU (`null`: none). Never throws: a failing
 * probe is a reason to use the CPU, not an error.
 */
export async function chooseBackend(gpu: EngineGpu | undefined, gpuLayers: number | undefined, navigatorGpu: GpuLike | null | undefined = currentGpu()): Promise<BackendChoice> {
  if (gpu === 'off') return cpu("engine.gpu is 'off'.", 'dxGpuWhyOff');
  if (gpuLayers === 0) return cpu('engine.gpuLayers is 0.', 'dxGpuWhyLayers');
  if (!navigatorGpu) return cpu('This browser has no WebGPU here (navigator.gpu is absent: an old browser, WebGPU switched off, or a page that is not a secure context).', 'dxGpuWhyNone');
  let adapter: AdapterLike | null;
  try {
    adapter = await navigatorGpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (err) {
    const message = String((err as Error)?.message ?? err);
    return cpu(`WebGPU's requestAdapter() failed: ${message}.`, 'dxGpuWhyFailed', message);
  }
  if (!adapter) return cpu('WebGPU offers no adapter (requestAdapter() returned null: no usable GPU, or the browser blocks it).', 'dxGpuWhyNoAdapter');
  const name = adapterName(adapter);
  const missing = REQUIRED_GPU_FEATURES.filter((f) => !adapter.features.has(f));
  // The features are names (no "and" between them: the list is a value, the same in every language).
  const features = missing.join(', ');
  if (missing.length) return cpu(`The WebGPU adapter (${name}) lacks ${features}, which llama.cpp's WebGPU backend needs.`, 'dxGpuWhyLacks', name, features);
  return { backend: 'webgpu', adapter: name };
}

function adapterName(adapter: AdapterLike): string {
  const info = adapter.info ?? {};
  return [info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || 'unnamed';
}

/**
 * Reads llama.cpp's "offloaded N/M layers to GPU" line, which says what the
 * load really did (a model too big for the GPU's buffers keeps layers on the CPU).
 */
export function readOffload(line: string): { offloaded: number; total: number } | undefined {
  const match = /offloaded (\d+)\/(\d+) layers to GPU/.exec(line);
  return match ? { offloaded: Number(match[1]), total: Number(match[2]) } : undefined;
}
