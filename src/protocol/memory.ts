/**
 * The contract between the page and a memory worker (`createMemory`'s own, or
 * the agent's `agent.memory`): types only. A failure rejects with a
 * `PageloopError` (see src/errors.ts, `crossErrors`).
 */
import type { MemoryHit, MemoryItem, MemoryOptions, MemorySearchOptions } from '../memory-types.js';

/** What a memory worker offers; `open` is called once, first. */
export interface MemoryWorkerApi {
  open(options: MemoryOptions): Promise<void>;
  add(items: MemoryItem[]): Promise<string[]>;
  search(query: string | Float32Array, options?: MemorySearchOptions): Promise<MemoryHit[]>;
  delete(ids: string[]): Promise<number>;
  count(): Promise<number>;
  clear(): Promise<void>;
}
