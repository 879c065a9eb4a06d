/**
 * The doctor's entry, loaded on first use in the agent's worker (its own
 * chunk): the agent's settings decide what is checked — the in-page engine,
 * the endpoint, or nothing (a model module is the app's own code).
 */
import type { Diagnosis } from '../../diagnosis-types.js';
import { check, line } from '../../diagnosis-lines.js';
import type { WorkerSettings } from '../../settings.js';
import { diagnoseEndpoint } from './endpoint-doctor.js';
import { diagnoseEngine } from './engine-doctor.js';

/** Checks what `config` points the agent at. Rejects only when `signal` fires (code `aborted`). */
export async function diagnose(config: WorkerSettings, probe: boolean, signal: AbortSignal): Promise<Diagnosis> {
  if (config.engine) return diagnoseEngine(config.engine, signal);
  if (config.modelModule) {
    return {
      target: 'model-module',
      subject: config.modelModule,
      checks: [check('model-module', 'Model module', 'skip', [line('dxModelModule', config.modelModule)])],
      durationMs: 0,
    };
  }
  const { baseURL, model, apiKey, headers, toolProtocol, contextTokens } = config;
  return diagnoseEndpoint({ baseURL, model, ...(apiKey ? { apiKey } : {}), ...(headers ? { headers } : {}), ...(toolProtocol ? { toolProtocol } : {}), ...(contextTokens ? { contextTokens } : {}) }, probe, signal);
}
