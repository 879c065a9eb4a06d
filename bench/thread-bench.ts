/**
 * The thread benchmark. Reload → interactive: a stored 500-message thread
 * with 100 tool calls is loaded by a fresh store and session (migrations,
 * delta merging, interruption check) and replayed through the element's
 * reducer, beside a plain `idb` read of the same records. Write cost: a
 * 20k-token stream into a session with a thread against the same stream
 * without one, with the long tasks seen meanwhile. Runs in a browser page.
 */
import { openDB } from 'idb';
import { AgentSession } from '../src/agent/agent-session.js';
import { ThreadStore } from '../src/store/thread-store.js';
import { scriptedModel } from '../src/testing/scripted-model.js';
import { restoreConversation } from '../components/conversation/conversation-state.js';
import type { AgentEvent, ChatMessage } from '../src/types.js';
import type { ThreadRecord } from '../src/thread-format.js';

const host = { emit: () => {}, checkTool: async () => ({ status: 'invalid' as const, error: '' }), runTool: async () => ({ status: 'error' as const, error: '' }), abortTool: () => {} };

/** A finished thread: `turns` user turns, every `toolEvery`-th with a tool call; 5 messages per tool turn, 2 otherwise. */
function bigThread(id: string, messages: number, calls: number): ThreadRecord {
  const history: ChatMessage[] = [];
  const events: AgentEvent[] = [];
  let n = 0;
  let callsLeft = calls;
  while (history.length < messages) {
    const input = `Question ${n}: how is order ${n} doing, and what should I do next about it?`;
    history.push({ role: 'user', content: input });
    events.push({ type: 'run-start', runId: `r${n}`, input }, { type: 'iteration', n: 1, max: 10 });
    if (callsLeft > 0 && history.length + 4 <= messages) {
      const callId = `call_${n}`;
      const args = { id: n, fields: ['status', 'eta'] };
      history.push({ role: 'assistant', content: null, tool_calls: [{ id: callId, type: 'function', function: { name: 'lookup', arguments: JSON.stringify(args) } }] });
      const result = { id: n, status: 'shipped', eta: '2026-12-01', notes: 'x'.repeat(200) };
      history.push({ role: 'tool', tool_call_id: callId, content: JSON.stringify(result) });
      events.push({ type: 'tool-call', callId, name: 'lookup', args }, { type: 'tool-start', callId, name: 'lookup' }, { type: 'tool-result', callId, name: 'lookup', result, status: 'ok' }, { type: 'iteration', n: 2, max: 10 });
      callsLeft--;
    }
    const answer = `Order ${n} has shipped and arrives on 1 December. ${'Some more explanation of what happens next. '.repeat(8)}`;
    history.push({ role: 'assistant', content: answer });
    events.push({ type: 'text', delta: answer }, { type: 'final', reason: 'answer', text: answer });
    n++;
  }
  return { schema: 2, id, title: 'bench', createdAt: 1, updatedAt: 2, messages: history.slice(0, messages), events };
}

/**
 * Streams `tokens` tokens into a session, with a thread in database `dbName`
 * or without one; resolves with the ms from send to the final event.
 */
export async function streamTokens(dbName: string, tokens: number, thread: boolean): Promise<number> {
  const text = 'tok '.repeat(tokens);
  const store = thread ? new ThreadStore(dbName) : undefined;
  const session = new AgentSession({ baseURL: '/unused', model: 'm', ...(thread ? { thread: `w-${crypto.randomUUID()}` } : {}) }, [], {
    host,
    // A delta about every frame-ish tick, as a real stream arrives (a loop without pauses would be one long task either way).
    createModel: () => scriptedModel([{ text, chunkSize: 64, delayMs: 1 }]),
    ...(store ? { store } : {}),
  });
  await session.load();
  const t = performance.now();
  await session.send('r', 'go');
  const ms = performance.now() - t;
  session.close();
  await store?.close();
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Figures: `thread.reload_500_ms` beside `thread.baseline_idb_read_500_ms`; `thread.stream_20k_ratio` (with thread / without), `thread.stream_longtasks`. */
export async function runThreadBench(opts: { loads: number; tokens: number }): Promise<Record<string, number>> {
  const dbName = `bench-threads-${crypto.randomUUID()}`;
  const seed = new ThreadStore(dbName);
  const record = bigThread('big', 500, 100);
  await seed.replace(record);
  await seed.close();

  const reload: number[] = [];
  const plain: number[] = [];
  for (let i = 0; i < opts.loads; i++) {
    let t = performance.now();
    const store = new ThreadStore(dbName);
    const session = new AgentSession({ baseURL: '/unused', model: 'm', thread: 'big' }, [], { host, createModel: () => scriptedModel([]), store });
    await session.load();
    const state = restoreConversation(session.events());
    reload.push(performance.now() - t);
    if (state.items.length === 0) throw new Error('thread bench: nothing restored');
    await store.close();

    t = performance.now();
    const db = await openDB(dbName);
    const tx = db.transaction(['threads', 'messages', 'events'], 'readonly');
    const range = IDBKeyRange.bound(['big', 0], ['big', Infinity]);
    await Promise.all([tx.objectStore('threads').get('big'), tx.objectStore('messages').getAll(range), tx.objectStore('events').getAll(range)]);
    plain.push(performance.now() - t);
    db.close();
  }

  // Write cost: the same stream with and without a thread, long tasks observed.
  // Counted apart: on a loaded machine the stream without a thread has long tasks too, and that is the baseline.
  const longTasks = { thread: 0, none: 0 };
  let streaming: keyof typeof longTasks = 'none';
  const observer = new PerformanceObserver((list) => (longTasks[streaming] += list.getEntries().length));
  try {
    observer.observe({ type: 'longtask', buffered: false });
  } catch {
    // No long-task timing here: the count stays 0 and says nothing.
  }
  const stream = (thread: boolean) => streamTokens(dbName, opts.tokens, thread);
  const without: number[] = [];
  const withThread: number[] = [];
  for (let i = 0; i < 3; i++) {
    streaming = 'none';
    without.push(await stream(false));
    streaming = 'thread';
    withThread.push(await stream(true));
  }
  observer.disconnect();
  indexedDB.deleteDatabase(dbName);
  return {
    'thread.reload_500_ms': median(reload),
    'thread.baseline_idb_read_500_ms': median(plain),
    'thread.stream_20k_ms': median(withThread),
    'thread.baseline_stream_20k_no_thread_ms': median(without),
    'thread.stream_20k_ratio': median(withThread) / median(without),
    'thread.stream_longtasks': longTasks.thread,
    'thread.baseline_stream_longtasks_no_thread': longTasks.none,
  };
}
