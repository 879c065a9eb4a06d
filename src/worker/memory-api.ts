/**
 * The memory's worker-side API over one engine; a failure rejects with a
 * `PageloopError`, which crosses with its code (`crossErrors`, src/errors.ts).
 * `createMemory`'s worker exposes it on its own; the agent's worker exposes
 * it as `agent.memory`.
 */
import { PageloopError } from '../errors.js';
import type { MemoryWorkerApi } from '../protocol/memory.js';
import type { MemoryEngine } from '../memory/memory-engine.js';
import type { MemoryOptions } from '../memory-types.js';

/** What the API needs of an engine (the agent's worker hands it one that loads on first use). */
export type MemoryBackend = Pick<MemoryEngine, 'ready' | 'add' | 'search' | 'delete' | 'count' | 'clear'>;

/** Builds the API; `open(options)` gets the engine (once) from `create`. */
export function memoryWorkerApi(create: (options: MemoryOptions) => MemoryBackend): MemoryWorkerApi {
  let engine: MemoryBackend | undefined;
  const withEngine = async <T>(operation: (memory: MemoryBackend) => Promise<T>): Promise<T> => {
    if (!engine) throw new PageloopError('bad-request', 'The memory was not opened.');
    return operation(engine);
  };
  return {
    // The engine is made synchronously, before the first await, so calls queued right behind it find it.
    open: async (options) => {
      engine ??= create(options);
      return engine.ready;
    },
    add: (items) => withEngine((memory) => memory.add(items)),
    search: (query, options) => withEngine((memory) => memory.search(query, options)),
    delete: (ids) => withEngine((memory) => memory.delete(ids)),
    count: () => withEngine((memory) => memory.count()),
    clear: () => withEngine((memory) => memory.clear()),
  };
}
