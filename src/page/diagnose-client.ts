/**
 * `agent.diagnose()` on the page: checks its options at the call (a wrong
 * one throws a `TypeError` there), then runs the doctor in the agent's worker
 * (diagnose-call.ts, a chunk loaded on the first diagnosis: a page that never
 * asks the doctor never loads it).
 */
import type { Diagnosis, DiagnoseOptions } from '../diagnosis-types.js';
import type { AgentWorkerCall } from '../protocol/agent.js';

/** Runs the doctor through `call`; see `Agent.diagnose`. */
export function diagnoseThrough(call: AgentWorkerCall, options: DiagnoseOptions = {}): Promise<Diagnosis> {
  if (typeof options !== 'object' || options === null) throw new TypeError('diagnose(options) needs an options object, e.g. { signal }.');
  const { signal, probe = true } = options;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError('diagnose: signal must be an AbortSignal.');
  if (typeof probe !== 'boolean') throw new TypeError('diagnose: probe must be true or false.');
  return import('./diagnose-call.js').then(({ runDiagnosis }) => runDiagnosis(call, signal, probe));
}
