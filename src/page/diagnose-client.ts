/**
 * `agent.diagnose()` on the page: checks its options, runs the doctor in the
 * agent's worker under a request id, and carries the caller's AbortSignal
 * across (a signal cannot cross `postMessage`): on abort the worker is told to
 * stop — its open requests close — and the promise rejects at once with code
 * `aborted`, not when the worker gets round to it.
 */
import type * as Comlink from 'comlink';
import type { AgentWorkerApi } from '../protocol/agent.js';
import type { Diagnosis, DiagnoseOptions } from '../diagnosis-types.js';
import { PageloopError } from '../errors.js';
import type { WorkerLink } from './worker-link.js';

/** Runs the doctor through `link`; see `Agent.diagnose`. */
export function diagnoseThrough(link: WorkerLink<AgentWorkerApi>, options: DiagnoseOptions = {}): Promise<Diagnosis> {
  if (typeof options !== 'object' || options === null) throw new TypeError('diagnose(options) needs an options object, e.g. { signal }.');
  const { signal, probe = true } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError('diagnose: signal must be an AbortSignal.');
  if (typeof probe !== 'boolean') throw new TypeError('diagnose: probe must be true or false.');
  const aborted = () => new PageloopError('aborted', 'The diagnosis was cancelled.');
  if (signal?.aborted) return Promise.reject(aborted());
  const id = crypto.randomUUID();
  return new Promise<Diagnosis>((resolve, reject) => {
    const onAbort = () => {
      reject(aborted());
      link.call((remote: Comlink.Remote<AgentWorkerApi>) => remote.cancelDiagnosis(id)).catch(() => {});
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    link
      .call((remote) => remote.diagnose(id, probe))
      .then(resolve, reject)
      .finally(() => signal?.removeEventListener('abort', onAbort));
  });
}
