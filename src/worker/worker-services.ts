/**
 * What the agent's worker hosts besides the loop: the factories of the
 * built-in worker tools, and services (the agent's memory) they reach.
 */
import type { WorkerConfig } from '../protocol.js';
import type { WorkerToolEnv, WorkerToolFactory } from '../tools/worker-tool.js';

/** Built-in worker tools by factory name. */
export const WORKER_TOOL_FACTORIES: Readonly<Record<string, WorkerToolFactory>> = Object.freeze(Object.assign(Object.create(null), {}));

/** The services worker tools can reach, built lazily on first use. */
export function createWorkerEnv(_config: WorkerConfig): WorkerToolEnv {
  const services: Record<string, unknown> = Object.create(null);
  return {
    service<T>(name: string): T | undefined {
      return Object.hasOwn(services, name) ? (services[name] as T) : undefined;
    },
  };
}
