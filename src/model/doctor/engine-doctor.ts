/**
 * The doctor for the in-page engine (llama.cpp in WebAssembly): what decides
 * whether it starts and how fast it runs here — its worker and WebAssembly
 * allowed by the page's CSP, the threads it gets (more than one needs a
 * cross-origin isolated page), WebGPU, and whether the model is already in the
 * cache. Run in the agent's worker, which sees the same `crossOriginIsolated`,
 * `navigator.gpu` and storage as the engine's own worker. It reuses the
 * engine's own decisions (gpu-backend.ts, worker-policy.ts, model-store.ts)
 * rather than restating them, so the doctor and the engine never disagree.
 */
import type { Diagnosis, DiagnosisCheck } from '../../diagnosis-types.js';
import type { EngineOptions } from '../../option-types.js';
import { PageloopError, errorMessage } from '../../errors.js';
import { chooseBackend } from '../engine/gpu-backend.js';
import { assertEngineCanStart } from '../engine/worker-policy.js';
import { modelStore } from '../engine/model-store.js';

const ISOLATION_FIX = 'Serve the page with "Cross-Origin-Opener-Policy: same-origin" and "Cross-Origin-Embedder-Policy: require-corp" (or credentialless): threads need SharedArrayBuffer.';

/** Runs the engine checks. Rejects only when `signal` fires (code `aborted`). */
export async function diagnoseEngine(engine: EngineOptions, signal: AbortSignal): Promise<Diagnosis> {
  const started = performance.now();
  const checks: DiagnosisCheck[] = [];
  const step = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    if (signal.aborted) throw new PageloopError('aborted', 'The diagnosis was cancelled.');
    return result;
  };

  try {
    await step(assertEngineCanStart());
    checks.push({ id: 'worker', label: 'Worker and WebAssembly', status: 'pass', detail: "The page's Content-Security-Policy lets llama.cpp's worker (a blob: URL) and WebAssembly start." });
  } catch (err) {
    if (signal.aborted) throw err;
    checks.push({ id: 'worker', label: 'Worker and WebAssembly', status: 'fail', detail: errorMessage(err), fix: "Add 'wasm-unsafe-eval' to script-src and blob: to worker-src in the page's Content-Security-Policy." });
  }

  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  const cores = navigator.hardwareConcurrency || 1;
  // The engine's own rule (chooseThreads in gguf-engine.ts): 1 thread unless isolated, then half the cores.
  const threads = engine.threads ?? (isolated ? Math.max(1, Math.floor(cores / 2)) : 1);
  if (engine.threads !== undefined && engine.threads > 1 && !isolated) {
    checks.push({ id: 'threads', label: 'Threads', status: 'fail', detail: `engine.threads is ${engine.threads}, but this page is not cross-origin isolated: the engine refuses to start.`, fix: `${ISOLATION_FIX} Or leave engine.threads out.` });
  } else if (threads === 1 && cores > 2) {
    checks.push({ id: 'threads', label: 'Threads', status: 'warn', detail: `1 of ${cores} cores: replies come several times slower than they could.`, fix: ISOLATION_FIX });
  } else {
    checks.push({ id: 'threads', label: 'Threads', status: 'pass', detail: `${threads} of ${cores} cores.` });
  }
  checks.push(
    isolated
      ? { id: 'isolation', label: 'Cross-origin isolation', status: 'pass', detail: 'The page is cross-origin isolated (SharedArrayBuffer available).' }
      : { id: 'isolation', label: 'Cross-origin isolation', status: 'warn', detail: 'The page is not cross-origin isolated: the engine runs on one thread.', fix: ISOLATION_FIX },
  );

  const backend = await step(chooseBackend(engine.gpu, engine.gpuLayers));
  if (backend.backend === 'webgpu') checks.push({ id: 'webgpu', label: 'WebGPU', status: 'pass', detail: `The model runs on the GPU: ${backend.adapter}.` });
  else if (engine.gpu === 'off' || engine.gpuLayers === 0) checks.push({ id: 'webgpu', label: 'WebGPU', status: 'skip', detail: `Not used: ${backend.reason}` });
  else checks.push({ id: 'webgpu', label: 'WebGPU', status: 'warn', detail: `The model runs on the CPU: ${backend.reason}`, fix: 'Use a browser with WebGPU on a secure context (https or localhost), with a GPU that has shader-f16 and subgroups (recent Chrome or Edge on a desktop GPU).' });

  checks.push(await step(cacheCheck(engine)));
  const subject = typeof engine.gguf === 'string' ? engine.gguf : 'a picked file';
  return { target: 'engine', subject, checks, durationMs: Math.round(performance.now() - started) };
}

async function cacheCheck(engine: EngineOptions): Promise<DiagnosisCheck> {
  const label = 'Model cache';
  if (typeof engine.gguf !== 'string') return { id: 'cache', label, status: 'skip', detail: 'The model is a file the user picked: it is read from the disk, not cached.' };
  if (engine.cache === false) return { id: 'cache', label, status: 'skip', detail: 'Caching is off (engine.cache: false): each load downloads the model.' };
  const store = modelStore(engine.cache);
  if (!store) {
    return { id: 'cache', label, status: 'warn', detail: `This page has no ${engine.cache === 'opfs' ? 'Origin Private File System' : 'Cache API'}: each load downloads the model again.`, fix: 'Serve the page from https (or localhost): the Cache API and OPFS exist only in secure contexts.' };
  }
  const where = store.kind === 'opfs' ? 'the Origin Private File System' : 'the Cache API';
  const cached = await store.get(engine.gguf);
  if (cached) return { id: 'cache', label, status: 'pass', detail: `Cached in ${where} (${megabytes(cached.size)}): loads without the network.` };
  return { id: 'cache', label, status: 'pass', detail: `Not downloaded yet: the first load downloads it, then keeps it in ${where}.` };
}

function megabytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}
