/**
 * What the agent's worker hosts besides the loop: the factories of the
 * built-in worker tools, and the services they reach (the agent's memory).
 */
import type { WorkerConfig } from '../protocol/agent.js';
import type { WorkerToolEnv, WorkerToolFactory } from '../worker-tools/worker-tool.js';
import type { MemoryBackend } from './memory-api.js';
import type { MemoryOptions } from '../memory-types.js';
import { MEMORY_TOOL_FACTORY, memoryToolFactory } from '../worker-tools/memory-tools-factory.js';
import { fetchToolFactory } from '../worker-tools/fetch-tool-factory.js';
import { MCP_TOOL_FACTORY, mcpToolFactory, type McpToolSource } from '../worker-tools/mcp/mcp-tool-factory.js';

/** Built-in worker tools by factory name. */
export const WORKER_TOOL_FACTORIES: Readonly<Record<string, WorkerToolFactory>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, WorkerToolFactory>, {
    [MEMORY_TOOL_FACTORY]: memoryToolFactory,
    fetch: fetchToolFactory,
    [MCP_TOOL_FACTORY]: mcpToolFactory,
  }),
);

/** The worker's services, each built on first use (a memory's cold load is not paid by agents that never use it). */
export interface WorkerServices extends WorkerToolEnv {
  memory(): MemoryBackend;
  /** The agent's MCP servers (option `mcp`), set by the worker once their hub has loaded. */
  mcp?: McpToolSource;
}

export function createWorkerServices(config: WorkerConfig): WorkerServices {
  let memory: MemoryBackend | undefined;
  const services: WorkerServices = {
    memory: () => (memory ??= lazyMemory(config.memory ?? {})),
    service<T>(name: string): T | undefined {
      if (name === 'mcp') return services.mcp as T | undefined;
      return name === 'memory' ? (services.memory() as T) : undefined;
    },
  };
  return services;
}

/**
 * The agent's memory engine, whose code loads on first use: most agents never
 * touch memory, and the worker should be ready without it.
 */
function lazyMemory(options: MemoryOptions): MemoryBackend {
  const engine = import('../memory/memory-engine.js').then(({ MemoryEngine }) => new MemoryEngine(options));
  const ready = engine.then((e) => e.ready);
  ready.catch(() => {}); // callers see a failure through their own calls
  return {
    ready,
    add: (items, signal) => engine.then((e) => e.add(items, signal)),
    search: (query, searchOptions, signal) => engine.then((e) => e.search(query, searchOptions, signal)),
    delete: (ids) => engine.then((e) => e.delete(ids)),
    count: () => engine.then((e) => e.count()),
    clear: () => engine.then((e) => e.clear()),
  };
}
