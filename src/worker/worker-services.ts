/**
 * What the agent's worker hosts besides the loop: the factories of the
 * built-in worker tools, and the services they reach (the agent's memory).
 */
import type { WorkerConfig } from '../protocol.js';
import type { WorkerToolEnv, WorkerToolFactory } from '../tools/worker-tool.js';
import { MemoryEngine } from '../memory/memory-engine.js';
import { MEMORY_TOOL_FACTORY, memoryToolFactory } from '../memory/memory-tools.js';
import { fetchToolFactory } from '../tools/fetch-tool-worker.js';

/** Built-in worker tools by factory name. */
export const WORKER_TOOL_FACTORIES: Readonly<Record<string, WorkerToolFactory>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, WorkerToolFactory>, {
    [MEMORY_TOOL_FACTORY]: memoryToolFactory,
    fetch: fetchToolFactory,
  }),
);

/** The worker's services, each built on first use (a memory's cold load is not paid by agents that never use it). */
export interface WorkerServices extends WorkerToolEnv {
  memory(): MemoryEngine;
}

export function createWorkerServices(config: WorkerConfig): WorkerServices {
  let memory: MemoryEngine | undefined;
  const services: WorkerServices = {
    memory: () => (memory ??= new MemoryEngine(config.memory ?? {})),
    service<T>(name: string): T | undefined {
      return name === 'memory' ? (services.memory() as T) : undefined;
    },
  };
  return services;
}
