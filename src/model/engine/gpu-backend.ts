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

/** Features llama.cpp's WebGPU backend (wllama 3.8.1) requires of the device. */
export const REQUIRED_GPU_FEATURES = ['shader-f16', 'subgroups'] as const;

/** The backend decided on before loading, and why. */
export type BackendChoice = { backend: 'webgpu'; adapter: string } | { backend: 'cpu'; reason: string };

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
 * Decides the backend for `engine.gpu` / `engine.gpuLayers`. Never throws: a
 * failing probe is a reason to use the CPU, not an error.
 */
export async function chooseBackend(gpu: EngineGpu | undefined, gpuLayers: number | undefined, navigatorGpu: GpuLike | undefined = currentGpu()): Promise<BackendChoice> {
  if (gpu === 'off') return { backend: 'cpu', reason: "engine.gpu is 'off'." };
  if (gpuLayers === 0) return { backend: 'cpu', reason: 'engine.gpuLayers is 0.' };
  if (!navigatorGpu) return { backend: 'cpu', reason: 'This browser has no WebGPU here (navigator.gpu is absent: an old browser, WebGPU switched off, or a page that is not a secure context).' };
  let adapter: AdapterLike | null;
  try {
    adapter = await navigatorGpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (err) {
    return { backend: 'cpu', reason: `WebGPU's requestAdapter() failed: ${(err as Error)?.message ?? err}.` };
  }
  if (!adapter) return { backend: 'cpu', reason: 'WebGPU offers no adapter (requestAdapter() returned null: no usable GPU, or the browser blocks it).' };
  const name = adapterName(adapter);
  const missing = REQUIRED_GPU_FEATURES.filter((f) => !adapter.features.has(f));
  if (missing.length) return { backend: 'cpu', reason: `The WebGPU adapter (${name}) lacks ${missing.join(' and ')}, which llama.cpp's WebGPU backend needs.` };
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
