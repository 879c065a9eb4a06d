/**
 * `createMemory`: a vector memory in its own module worker, so embedding,
 * scanning and IndexedDB never hold up the page. The same client serves the
 * agent's memory (`agent.memory`), which lives in the agent's worker.
 */
import type * as Comlink from 'comlink';
import type { MemoryWorkerApi } from '../protocol/memory.js';
import type { Memory, MemoryOptions } from '../memory-types.js';
import { linkWorker } from './worker-link.js';
import { spawnMemoryWorker } from './spawn-worker.js';

/** Calls a memory worker; settles when the worker ends (see `WorkerLink.call`). */
export type MemoryCall = <R>(invoke: (remote: Comlink.Remote<MemoryWorkerApi>) => Promise<R>) => Promise<R>;

/**
 * Starts a memory worker over the IndexedDB store `options.name`.
 * Every call waits for the stored memory to load; `dispose()` (or the worker
 * dying) rejects whatever is pending with an AbortError, and later calls with
 * a `disposed` (or `worker-crashed`) PageloopError.
 *
 * @example
 * const memory = createMemory({ name: 'notes' });
 * await memory.add([{ text: 'The invoice total was 420 EUR' }]);
 * const [best] = await memory.search('how much was the invoice?', { k: 1 });
 */
export function createMemory(options: MemoryOptions = {}): Memory {
  const link = linkWorker<MemoryWorkerApi>(spawnMemoryWorker(), 'The memory worker');
  return memoryClient((invoke) => link.call(invoke), options, () => link.dispose('The memory was disposed.'));
}

/**
 * A `Memory` over a memory worker's API (its own worker's, or the agent's).
 * `call` tracks each call until it settles.
 */
export function memoryClient(call: MemoryCall, options: MemoryOptions, dispose: () => void): Memory {
  // The first message; the worker processes messages in order, so every later call finds the engine.
  call((remote) => remote.open(options)).catch(() => {
    // The same failure reaches every later call through the engine's `ready`.
  });

  return {
    add: (items) => call((remote) => remote.add(items)),
    search: (query, searchOptions) => call((remote) => remote.search(query, searchOptions)),
    delete: (ids) => call((remote) => remote.delete(ids)),
    count: () => call((remote) => remote.count()),
    clear: () => call((remote) => remote.clear()),
    dispose,
  };
}
