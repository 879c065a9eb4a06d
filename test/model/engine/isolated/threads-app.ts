/**
 * Runs in a cross-origin isolated window (test/support/isolated-middleware.js)
 * opened by engine-threads.test.ts: the tiny model greets with two threads and
 * with one, and the results go back over a BroadcastChannel (COOP cuts the
 * window off from its opener, so `postMessage` to it is not possible).
 */
import { createAgent } from '../../../../src/page/create-agent.js';
import type { EngineStatus } from '../../../../src/types.js';
import { TINY_MODEL_URL, engineReaches, record, streamedText, tiny } from '../engine-helpers.js';

/** What the page reports. */
export interface ThreadsResult {
  kind: 'threads-result';
  isolated: boolean;
  runs: Array<{ requested: number; status: EngineStatus; text: string; deltas: number; reason: string }>;
  error?: string;
}

async function greet(threads: number): Promise<ThreadsResult['runs'][number]> {
  const agent = createAgent({ engine: tiny({ gguf: TINY_MODEL_URL, threads }) });
  try {
    const status = await engineReaches(agent, (s) => s.state === 'ready' || s.state === 'error', 240000);
    const events = record(agent);
    const final = await agent.send('hello').done;
    return { requested: threads, status, text: streamedText(events), deltas: events.filter((e) => e.type === 'text').length, reason: final.reason };
  } finally {
    agent.dispose();
  }
}

const channel = new BroadcastChannel(new URLSearchParams(location.search).get('channel') ?? 'threads');
const result: ThreadsResult = { kind: 'threads-result', isolated: crossOriginIsolated, runs: [] };
try {
  result.runs.push(await greet(2));
  result.runs.push(await greet(1));
} catch (err) {
  result.error = String((err as Error)?.stack ?? err);
}
channel.postMessage(result);
