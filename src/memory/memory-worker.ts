/**
 * The entry of `createMemory`'s worker: one MemoryEngine, exposed by Comlink.
 * (The agent's worker hosts its own engine as the service 'memory' instead.)
 */
import * as Comlink from 'comlink';
import { PageloopError, toWireError } from '../errors.js';
import { MemoryEngine } from './memory-engine.js';
import type { MemoryOutcome, MemoryWorkerApi } from './memory-protocol.js';

let engine: MemoryEngine | undefined;

async function settle<T>(operation: (memory: MemoryEngine) => Promise<T>): Promise<MemoryOutcome<T>> {
  try {
    if (!engine) throw new PageloopError('bad-request', 'The memory worker was not opened.');
    return { ok: true, value: await operation(engine) };
  } catch (err) {
    return { ok: false, error: toWireError(err) };
  }
}

const api: MemoryWorkerApi = {
  // Synchronous up to the first await, so calls queued right behind it find the engine.
  open(options) {
    try {
      engine ??= new MemoryEngine(options);
    } catch (err) {
      return Promise.resolve({ ok: false, error: toWireError(err) });
    }
    return settle((memory) => memory.ready);
  },
  add: (items) => settle((memory) => memory.add(items)),
  search: (query, options) => settle((memory) => memory.search(query, options)),
  delete: (ids) => settle((memory) => memory.delete(ids)),
  count: () => settle((memory) => memory.count()),
  clear: () => settle((memory) => memory.clear()),
};

Comlink.expose(api);
