/**
 * The doctor's run from the page (`agent.diagnose()`, after its options are
 * checked: diagnose-client.ts): under a request id, with the caller's
 * AbortSignal carried across (a signal cannot cross `postMessage`): on abort
 * the worker is told to stop — its open requests close — and the promise
 * rejects at once with code `aborted`, not when the worker gets round to it.
 * A chunk of its own, loaded on the first diagnosis, with the doctor.
 */
import type { AgentWorkerCall } from '../protocol/agent.js';
import type { Diagnosis } from '../diagnosis-types.js';
import { PageloopError } from '../errors.js';

/** Runs the doctor through `call` (`probe`: whether to call the endpoint); see `Agent.diagnose`. */
export function runDiagnosis(call: AgentWorkerCall, signal: AbortSignal | undefined, probe: boolean): Promise<Diagnosis> {
  const aborted = () => new PageloopError('aborted', 'The diagnosis was cancelled.');
  // Aborted before the call, or while this chunk loaded.
  if (signal?.aborted) return Promise.reject(aborted());
  const id = crypto.randomUUID();
  return new Promise<Diagnosis>((resolve, reject) => {
    const onAbort = () => {
      reject(aborted());
      call((remote) => remote.doctor.cancel(id)).catch(() => {});
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    call((remote) => remote.doctor.diagnose(id, probe))
      .then(resolve, reject)
      .finally(() => signal?.removeEventListener('abort', onAbort));
  });
}
