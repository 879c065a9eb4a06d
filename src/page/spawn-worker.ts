/**
 * Starts pageloop's module workers. Each is kept in one expression, `new
 * Worker(new URL(…, import.meta.url), { type: 'module' })`, because that is the
 * form bundlers (Vite, webpack, esbuild with our build) recognise and rewrite.
 */

/** The agent's worker: the loop, the model client, worker tools. */
export function spawnAgentWorker(): Worker {
  return new Worker(new URL('../worker/worker.ts', import.meta.url), { type: 'module', name: 'pageloop-agent' });
}

/** `createMemory`'s worker: one memory engine. */
export function spawnMemoryWorker(): Worker {
  return new Worker(new URL('../worker/memory-worker.ts', import.meta.url), { type: 'module', name: 'pageloop-memory' });
}
