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
import { check, line } from '../../diagnosis-lines.js';
import type { EngineOptions } from '../../option-types.js';
import { PageloopError, errorMessage } from '../../errors.js';
import { chooseBackend } from '../engine/gpu-backend.js';
import { engineStartProblem } from '../engine/worker-policy.js';
import { modelStore } from '../engine/model-store.js';

const ISOLATION_FIX = line('dxIsolationFix');

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
    // Why it cannot start, in our words (a doctor's line); a browser's own message inside it is a value.
    const problem = await step(engineStartProblem());
    checks.push(problem ? check('worker', 'Worker and WebAssembly', 'fail', [problem], [line('dxWorkerFix')]) : check('worker', 'Worker and WebAssembly', 'pass', [line('dxWorkerOk')]));
  } catch (err) {
    if (signal.aborted) throw err;
    checks.push(check('worker', 'Worker and WebAssembly', 'fail', [line('dxAsIs', errorMessage(err))], [line('dxWorkerFix')]));
  }

  const isolated = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === true;
  const cores = navigator.hardwareConcurrency || 1;
  // The engine's own rule (chooseThreads in gguf-engine.ts): 1 thread unless isolated, then half the cores.
  const threads = engine.threads ?? (isolated ? Math.max(1, Math.floor(cores / 2)) : 1);
  if (engine.threads !== undefined && engine.threads > 1 && !isolated) {
    checks.push(check('threads', 'Threads', 'fail', [line('dxThreadsRefused', engine.threads)], [ISOLATION_FIX, line('dxThreadsLeaveOut')]));
  } else if (threads === 1 && cores > 2) {
    checks.push(check('threads', 'Threads', 'warn', [line('dxThreadsOne', cores)], [ISOLATION_FIX]));
  } else {
    checks.push(check('threads', 'Threads', 'pass', [line('dxThreadsOk', threads, cores)]));
  }
  checks.push(
    isolated
      ? check('isolation', 'Cross-origin isolation', 'pass', [line('dxIsolationOk')])
      : check('isolation', 'Cross-origin isolation', 'warn', [line('dxIsolationNo')], [ISOLATION_FIX]),
  );

  const backend = await step(chooseBackend(engine.gpu, engine.gpuLayers));
  if (backend.backend === 'webgpu') checks.push(check('webgpu', 'WebGPU', 'pass', [line('dxGpuOk', backend.adapter)]));
  else if (engine.gpu === 'off' || engine.gpuLayers === 0) checks.push(check('webgpu', 'WebGPU', 'skip', [line('dxGpuOff', backend.why ?? backend.reason)]));
  else checks.push(check('webgpu', 'WebGPU', 'warn', [line('dxGpuCpu', backend.why ?? backend.reason)], [line('dxGpuFix')]));

  checks.push(await step(cacheCheck(engine)));
  const subject = typeof engine.gguf === 'string' ? engine.gguf : 'a picked file';
  return { target: 'engine', subject, checks, durationMs: Math.round(performance.now() - started) };
}

async function cacheCheck(engine: EngineOptions): Promise<DiagnosisCheck> {
  const say = (status: DiagnosisCheck['status'], detail: ReturnType<typeof line>, fix?: ReturnType<typeof line>) => check('cache', 'Model cache', status, [detail], fix ? [fix] : undefined);
  if (typeof engine.gguf !== 'string') return say('skip', line('dxCachePicked'));
  if (engine.cache === false) return say('skip', line('dxCacheOff'));
  const store = modelStore(engine.cache);
  if (!store) return say('warn', engine.cache === 'opfs' ? line('dxCacheNoOpfs') : line('dxCacheNoCacheApi'), line('dxCacheNoStoreFix'));
  const opfs = store.kind === 'opfs';
  const cached = await store.get(engine.gguf);
  if (cached) return say('pass', opfs ? line('dxCachedOpfs', megabytes(cached.size)) : line('dxCachedCacheApi', megabytes(cached.size)));
  return say('pass', opfs ? line('dxColdOpfs') : line('dxColdCacheApi'));
}

function megabytes(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}
