/**
 * Opening a long thread in `<agent-chat>`: an imported thread of `calls` tool
 * calls (2 events each: the outside probe's 60,000 events are 30,000 calls)
 * shown by a fresh element, from the element's attachment to its log drawn
 * (the last answer in the DOM, then two frames), with the longest main-thread
 * task meanwhile. Baseline in the same run: the same for a thread of 199
 * calls (201 items: one window's worth), so the ratio says what a long log
 * costs over a short one. The import itself (the worker, IndexedDB) is not
 * timed.
 *
 * The reducer's replay of the same thread's events alone (the conversation
 * state a stored thread opens with): `replayConversation` (one working copy,
 * linear) beside, in the same run, the events reduced one by one as live
 * events are (`reduceConversation`, a new log per event: quadratic), which is
 * how a thread was replayed before.
 */
import '../components/define.js';
import type { AgentChat } from '../components/agent-chat.js';
import { bigThreadFile } from '../test/fixtures/big-thread.js';
import { median } from './lib/stats.js';
import { initialConversation, reduceConversation, replayConversation } from '../components/conversation/index.js';
import type { AgentEvent } from '../src/types.js';

const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

/** Opens the thread `file` in a fresh element; resolves with the ms until its log is drawn and the longest task meanwhile. */
async function open(thread: string, answer: string): Promise<{ ms: number; longest: number }> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => (longest = Math.max(longest, e.duration))));
  observer.observe({ type: 'longtask', buffered: false });
  const chat = document.createElement('agent-chat') as AgentChat;
  chat.setAttribute('base-url', '/unused/v1');
  chat.setAttribute('model', 'm');
  chat.setAttribute('thread', thread);
  chat.style.height = '600px';
  const t0 = performance.now();
  document.body.append(chat);
  for (;;) {
    const log = chat.shadowRoot?.querySelector('[part~="log"]');
    if (log?.textContent?.includes(answer)) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  await frame();
  await frame();
  const ms = performance.now() - t0;
  observer.disconnect();
  chat.remove();
  return { ms, longest };
}

/** ms to replay `events` with `replay`, and how many items the log got (so the two replays can be seen to agree). */
function timeReplay(events: readonly AgentEvent[], replay: (events: readonly AgentEvent[]) => { items: readonly unknown[] }): { ms: number; items: number } {
  const t0 = performance.now();
  const state = replay(events);
  return { ms: performance.now() - t0, items: state.items.length };
}

/** Figures: `log.open_long_ms` (30,000 calls; 3,000 in a quick run) beside `log.baseline_open_199_calls_ms`, their ratio, and the longest task of each. */
export async function runLongLogBench(opts: { calls: number; runs: number }): Promise<Record<string, number>> {
  const maker = document.createElement('agent-chat') as AgentChat;
  maker.setAttribute('base-url', '/unused/v1');
  maker.setAttribute('model', 'm');
  document.body.append(maker);
  const big = await maker.agent.threads.import(bigThreadFile('bench-big', opts.calls));
  const small = await maker.agent.threads.import(bigThreadFile('bench-small', 199));
  maker.remove();
  const bigRuns: Array<{ ms: number; longest: number }> = [];
  const smallRuns: Array<{ ms: number; longest: number }> = [];
  for (let i = 0; i < opts.runs; i++) {
    smallRuns.push(await open(small, 'Checked 199 orders.'));
    bigRuns.push(await open(big, `Checked ${opts.calls} orders.`));
  }
  const bigMs = median(bigRuns.map((r) => r.ms));
  const smallMs = median(smallRuns.map((r) => r.ms));
  // The reducer alone, on the same thread's events: batch replay, and one by one (the old way; once per run, it is slow).
  const events = (JSON.parse(bigThreadFile('bench-replay', opts.calls)) as { events: AgentEvent[] }).events;
  const batch: Array<{ ms: number; items: number }> = [];
  const oneByOne: Array<{ ms: number; items: number }> = [];
  for (let i = 0; i < opts.runs; i++) {
    batch.push(timeReplay(events, (e) => replayConversation(initialConversation(), e)));
    oneByOne.push(timeReplay(events, (e) => e.reduce(reduceConversation, initialConversation())));
  }
  if (batch.some((r, i) => r.items !== oneByOne[i]!.items)) throw new Error('the batch replay and the one-by-one replay disagree');
  const replayMs = median(batch.map((r) => r.ms));
  const oneByOneMs = median(oneByOne.map((r) => r.ms));
  return {
    'log.replay_events': events.length,
    'log.replay_ms': replayMs,
    'log.baseline_replay_one_by_one_ms': oneByOneMs,
    'log.replay_speedup': oneByOneMs / replayMs,
    'log.open_long_ms': bigMs,
    'log.baseline_open_199_calls_ms': smallMs,
    'log.open_ratio': bigMs / smallMs,
    'log.longest_task_long_ms': median(bigRuns.map((r) => r.longest)),
    'log.baseline_longest_task_199_ms': median(smallRuns.map((r) => r.longest)),
  };
}
