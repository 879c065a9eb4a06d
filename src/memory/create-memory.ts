/**
 * `createMemory`: a vector memory in its own module worker, so embedding,
 * scanning and IndexedDB never hold up the page.
 */
import * as Comlink from 'comlink';
import { PageloopError, abortError } from '../errors.js';
import type { MemoryOutcome, MemoryWorkerApi } from './memory-protocol.js';
import type { Memory, MemoryOptions } from './types.js';

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
  const worker = new Worker(new URL('./memory-worker.ts', import.meta.url), { type: 'module', name: 'pageloop-memory' });
  const remote = Comlink.wrap<MemoryWorkerApi>(worker);
  // Comlink keeps only resolvers of its own calls: they would hang forever when the
  // worker dies, so every call also registers here and is rejected on dispose or death.
  const pending = new Set<(reason: unknown) => void>();
  /** Why calls made after the end fail: `disposed` or `worker-crashed`. */
  let ended: PageloopError | undefined;

  const end = (later: PageloopError, now: DOMException): void => {
    if (ended) return;
    ended = later;
    worker.terminate();
    for (const reject of pending) reject(now);
    pending.clear();
  };

  worker.addEventListener('error', (event) => {
    // An uncaught error (or a failed module load) leaves the worker in an unknown state: treat it as dead.
    event.preventDefault();
    const why = `The memory worker died: ${event.message || 'it failed to load'}.`;
    end(new PageloopError('worker-crashed', why), abortError(why));
  });

  /** Settles with an AbortError when the worker ends first: Comlink alone would hang. */
  const track = <T>(start: () => Promise<T>): Promise<T> => {
    if (ended) return Promise.reject(ended);
    return new Promise<T>((resolve, reject) => {
      pending.add(reject);
      start().then(resolve, reject).finally(() => pending.delete(reject));
    });
  };

  return memoryClient(remote, options, track, () =>
    end(new PageloopError('disposed', 'The memory was disposed.'), abortError('The memory was disposed.')),
  );
}

/**
 * A `Memory` over a worker's memory API (its own worker's, or the agent's).
 * `track` settles each call when that worker ends; outcomes are unwrapped into
 * values or `PageloopError`s with their codes.
 */
export function memoryClient(
  remote: MemoryWorkerApi,
  options: MemoryOptions,
  track: <T>(start: () => Promise<T>) => Promise<T>,
  dispose: () => void,
): Memory {
  const call = <T>(invoke: () => Promise<MemoryOutcome<T>>): Promise<T> =>
    track(invoke).then((outcome) => {
      if (outcome.ok) return outcome.value;
      throw new PageloopError(outcome.error.code, outcome.error.message, outcome.error.retryable);
    });

  // The first message; the worker processes messages in order, so every later call finds the engine.
  call(() => remote.open(options)).catch(() => {
    // The same failure reaches every later call through the engine's `ready`.
  });

  return {
    add: (items) => call(() => remote.add(items)),
    search: (query, searchOptions) => call(() => remote.search(query, searchOptions)),
    delete: (ids) => call(() => remote.delete(ids)),
    count: () => call(() => remote.count()),
    clear: () => call(() => remote.clear()),
    dispose,
  };
}
