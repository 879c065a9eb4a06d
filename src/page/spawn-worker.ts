/**
 * Starts the agent's module worker. Kept in one expression, `new Worker(new
 * URL(…, import.meta.url), { type: 'module' })`, because that is the form
 * bundlers (Vite, webpack, esbuild with our build) recognise and rewrite.
 */
export function spawnAgentWorker(): Worker {
  return new Worker(new URL('../worker/worker.ts', import.meta.url), { type: 'module', name: 'pageloop-agent' });
}
