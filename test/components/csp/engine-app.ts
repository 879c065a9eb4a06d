/**
 * Runs inside a page served with the README's strict Content-Security-Policy
 * (its workers get the same policy, as from a server that sends the header
 * with every response): the in-page engine loads the tiny model and answers,
 * or fails within a bounded time with an error that names the directive to
 * add. Reports to the parent test by postMessage.
 */
import { createAgent } from '../../../src/page/create-agent.js';
import type { EngineStatus } from '../../../src/types.js';

const TINY = new URL('/test/fixtures/models/tiny-toolcaller-q8_0.gguf', location.href).href;

async function main(): Promise<void> {
  const started = performance.now();
  const statuses: EngineStatus[] = [];
  const agent = createAgent({ engine: { gguf: TINY, temperature: 0, seed: 1, cache: false } });
  agent.on((e) => {
    if (e.type === 'engine') statuses.push(e.status);
  });
  const final = await agent.send('Hello!').done;
  const errors: string[] = [];
  parent.postMessage({ kind: 'csp-engine-result', final, statuses, errors, ms: performance.now() - started }, location.origin);
  agent.dispose();
}

main().catch((err: unknown) => parent.postMessage({ kind: 'csp-engine-result', error: String(err) }, location.origin));
