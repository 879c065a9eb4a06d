/**
 * Starts pageloop's module workers. Each is kept in one expression, `new
 * Worker(new URL(…, import.meta.url), { type: 'module' })`, because that is the
 * form bundlers (Vite, webpack, esbuild with our build) recognise and rewrite.
 * The agent worker with the in-page engine is started from `pageloop/engine`
 * (src/engine/index.ts), which provides it here: a bundler builds it, and emits the
 * engine's wasm, only for an app that imports that entry.
 */

let engineWorker: (() => Worker) | undefined;

/** Called by `pageloop/engine`: how to start the agent worker that holds the in-page engine. */
export function provideEngineWorker(spawn: () => Worker): void {
  engineWorker = spawn;
}

/**
 * The agent's worker: the loop, the model client, worker tools; with
 * `engine` (an agent created with option `engine`), the one that holds the
 * in-page engine where the app imported `pageloop/engine` (elsewhere the
 * plain worker imports the engine's code itself where files are served as
 * they are, or says what to import).
 */
export function spawnAgentWorker(engine = false): Worker {
  if (engine && engineWorker) return engineWorker();
  return new Worker(new URL('../worker/worker.ts', import.meta.url), { type: 'module', name: 'pageloop-agent' });
}

/** `createMemory`'s worker: one memory engine. */
export function spawnMemoryWorker(): Worker {
  return new Worker(new URL('../worker/memory-worker.ts', import.meta.url), { type: 'module', name: 'pageloop-memory' });
}
