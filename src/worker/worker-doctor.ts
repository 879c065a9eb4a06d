/**
 * `agent.diagnose()` in the worker: the doctor (src/model/doctor/, loaded on
 * the first diagnosis: most agents are never diagnosed) run on the agent's
 * settings as they are now, each diagnosis under the page's request id so
 * the page can stop it.
 */
import type { Diagnosis } from '../diagnosis-types.js';
import type { DoctorApi, WorkerConfig } from '../protocol/agent.js';

export class WorkerDoctor implements DoctorApi {
  /** The settings as they are now (start, then each `configure`). */
  readonly #config: WorkerConfig;
  /** Running diagnoses by request id. */
  readonly #running = new Map<string, AbortController>();

  constructor(config: WorkerConfig) {
    this.#config = { ...config };
  }

  /** The agent's settings changed. */
  configured(patch: Partial<WorkerConfig>): void {
    Object.assign(this.#config, patch);
  }

  async diagnose(id: string, probe: boolean): Promise<Diagnosis> {
    const controller = new AbortController();
    this.#running.set(id, controller);
    try {
      const { diagnose } = await import('../model/doctor/diagnose.js');
      return await diagnose({ ...this.#config }, probe, controller.signal);
    } finally {
      this.#running.delete(id);
    }
  }

  cancel(id: string): void {
    this.#running.get(id)?.abort();
  }
}
