/**
 * Whether this worker may start what llama.cpp needs: wllama starts its own
 * worker from a `blob:` URL, and compiles WebAssembly in it. A page whose
 * Content-Security-Policy forbids either (`worker-src` without `blob:`,
 * `script-src` without `'wasm-unsafe-eval'`) does not make wllama fail: its
 * worker never answers, and the load would wait for ever. So both are tried
 * here first, in a few milliseconds, and a refusal becomes an error that
 * names the directive to add.
 */
import { PageloopError } from '../../errors.js';
import type { DiagnosisLine } from '../../diagnosis-types.js';

/** How long a one-line blob worker may take to answer before the start counts as stuck. */
const WORKER_START_MS = 10_000;

/** The smallest valid WebAssembly module: magic and version, nothing else. */
const EMPTY_WASM = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

/**
 * Why the engine cannot start here, as a doctor's line (`dxWorkerNoWasm`,
 * `dxWorkerNoBlob`, `dxWorkerStuck` of src/diagnosis-lines.ts, whose English
 * is the error's message below word for word: a test says them side by
 * side), so the doctor says it in the element's language; undefined when it can.
 */
export async function engineStartProblem(): Promise<DiagnosisLine | undefined> {
  try {
    new WebAssembly.Module(EMPTY_WASM);
  } catch (err) {
    return { id: 'dxWorkerNoWasm', params: [String((err as Error)?.message ?? err)] };
  }
  const outcome = await tryBlobWorker();
  if (outcome === 'ok') return undefined;
  return outcome === 'refused' ? { id: 'dxWorkerNoBlob', params: [] } : { id: 'dxWorkerStuck', params: [WORKER_START_MS / 1000] };
}

/** The error that says `problem` (engineStartProblem's) in English: `refused` or `timeout`. */
export function engineStartError(problem: DiagnosisLine): PageloopError {
  const [value] = problem.params;
  switch (problem.id) {
    case 'dxWorkerNoWasm':
      return new PageloopError(
        'refused',
        `The page's Content-Security-Policy does not allow WebAssembly, which the in-page model (llama.cpp) is: add 'wasm-unsafe-eval' to script-src (and blob: to worker-src). (${String(value)})`,
      );
    case 'dxWorkerNoBlob':
      return new PageloopError(
        'refused',
        "The page's Content-Security-Policy does not let the in-page model start its worker: wllama starts it from a blob: URL. Add blob: to worker-src (e.g. worker-src 'self' blob:).",
      );
    default:
      return new PageloopError('timeout', `The in-page model's worker did not start within ${String(value)} s (the browser may be out of memory or blocking workers).`);
  }
}

/** Resolves when wllama's worker and WebAssembly can start here; rejects with a `refused` or `timeout` PageloopError otherwise. */
export async function assertEngineCanStart(): Promise<void> {
  const problem = await engineStartProblem();
  if (problem) throw engineStartError(problem);
}

/** Starts a one-line module worker from a blob: URL and waits for its first message. */
async function tryBlobWorker(): Promise<'ok' | 'refused' | 'stuck'> {
  const url = URL.createObjectURL(new Blob(['postMessage(1);'], { type: 'text/javascript' }));
  let worker: Worker | undefined;
  let onViolation: ((e: Event) => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<'ok' | 'refused' | 'stuck'>((resolve) => {
      onViolation = (e) => {
        if ((e as SecurityPolicyViolationEvent).blockedURI?.startsWith('blob')) resolve('refused');
      };
      self.addEventListener('securitypolicyviolation', onViolation);
      timer = setTimeout(() => resolve('stuck'), WORKER_START_MS);
      try {
        worker = new Worker(url, { type: 'module' });
      } catch {
        return resolve('refused');
      }
      worker.onmessage = () => resolve('ok');
      worker.onerror = (e) => {
        e.preventDefault();
        resolve('refused');
      };
    });
  } finally {
    clearTimeout(timer);
    if (onViolation) self.removeEventListener('securitypolicyviolation', onViolation);
    worker?.terminate();
    URL.revokeObjectURL(url);
  }
}
