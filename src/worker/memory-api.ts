/**
 * The memory's worker-side API over one engine: every operation settles to a
 * plain outcome (the convention of every worker call, src/protocol/errors.ts).
 * `createMemory`'s worker exposes it on its own; the agent's worker exposes
 * it as `agent.memory`.
 */
import { PageloopError, toOutcome } from '../errors.js';
import type { MemoryWorkerApi } from '../protocol/memory.js';
import type { Outcome } from '../protocol/errors.js';
import type { MemoryEngine } from '../memory/memory-engine.js';
import type { MemoryOptions } from '../memory/types.js';

/** What the API needs of an engine (the agent's worker hands it one that loads on first use). */
export type MemoryBackend = Pick<MemoryEngine, 'ready' | 'add' | 'search' | 'delete' | 'count' | 'clear'>;

/** Builds the API; `open(options)` gets the engine (once) from `create`. */
export function memoryWorkerApi(create: (options: MemoryOptions) => MemoryBackend): MemoryWorkerApi {
  let engine: MemoryBackend | undefined;
  const settle = <T>(operation: (memory: MemoryBackend) => Promise<T>): Promise<Outcome<T>> =>
    toOutcome(() => {
      if (!engine) throw new PageloopError('bad-request', 'The memory was not opened.');
      return operation(engine);
    });
  return {
    // The engine is made synchronously, before the first await, so calls queued right behind it find it.
    open: (options) =>
      toOutcome(() => {
        engine ??= create(options);
        return engine.ready;
      }),
    add: (items) => settle((memory) => memory.add(items)),
    search: (query, options) => settle((memory) => memory.search(query, options)),
    delete: (ids) => settle((memory) => memory.delete(ids)),
    count: () => settle((memory) => memory.count()),
    clear: () => settle((memory) => memory.clear()),
  };
}
