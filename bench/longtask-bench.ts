/**
 * The long-task benchmark: main-thread tasks over 50 ms while `<agent-chat>`
 * renders a reply the model streams at full speed and the agent's memory
 * answers searches over `vectors` stored vectors at the same time.
 *
 * - **worker**: the real element and agent; the loop and the memory in the
 *   agent's worker (`agent.memory`).
 * - **in thread** (baseline): the same element (a subclass whose `createAgent`
 *   hook returns an agent looping on the main thread) with the same model,
 *   and the memory engine on the main thread, reading the same IndexedDB store.
 *
 * Filling the memory and loading it are setup, outside the observed window;
 * the window runs from `send` until the reply is rendered and the searches
 * are answered.
 */
import '../components/define.js';
import { AgentChat } from '../components/agent-chat.js';
import { MemoryEngine } from '../src/memory/memory-engine.js';
import type { Agent, AgentEvent, AgentOptions } from '../src/types.js';
import type { MemoryHit } from '../src/memory-types.js';
import { inThreadAgent } from './in-thread-agent.js';
import { createModel } from './stream-model.js';
import { seededRandom } from './lib/stats.js';
import { observeLongTasks as observe } from './lib/long-tasks.js';

/** Options of the long-task benchmark. */
export interface LongTaskBenchOptions {
  /** Tokens of the streamed reply. */
  tokens: number;
  /** Vectors in the memory. */
  vectors: number;
  /** Searches run while the reply streams (default 5). */
  searches?: number;
}

const DIMS = 384;
/** The element's agent keeps its memory in the default store (the bench browser's profile is fresh every run). */
const STORE = 'default';
const BATCH = 5_000;

class InThreadChat extends AgentChat {
  protected override createAgent(options: AgentOptions): Agent {
    return inThreadAgent(options, createModel);
  }
}
if (!customElements.get('bench-inthread-chat')) customElements.define('bench-inthread-chat', InThreadChat);

function vectors(count: number, random: () => number): Float32Array[] {
  return Array.from({ length: count }, () => Float32Array.from({ length: DIMS }, () => random() * 2 - 1));
}

function makeChat(tag: 'agent-chat' | 'bench-inthread-chat'): AgentChat {
  const chat = document.createElement(tag) as AgentChat;
  chat.setAttribute('model', 'bench-stream');
  chat.setAttribute('model-module', new URL('./stream-model.ts', import.meta.url).href);
  chat.style.cssText = 'display:block;height:600px;width:760px';
  document.body.append(chat);
  return chat;
}

/** Sends `tokens=N` and resolves when the reply is final and rendered. */
async function streamReply(chat: AgentChat, tokens: number): Promise<void> {
  const final = new Promise<AgentEvent>((resolve) => {
    chat.addEventListener('agent-event', (e) => {
      if (e.detail.type === 'final') resolve(e.detail);
    });
  });
  chat.send(`tokens=${tokens}`);
  const event = await final;
  if (event.type !== 'final' || event.reason !== 'answer') throw new Error(`longtask bench: the reply ended with ${JSON.stringify(event)}`);
  await chat.updateComplete;
}

async function searchAll(search: (q: Float32Array) => Promise<MemoryHit[]>, queries: Float32Array[]): Promise<void> {
  for (const q of queries) {
    const hits = await search(q);
    if (hits.length !== 10) throw new Error(`longtask bench: a search found ${hits.length} hits, not 10`);
  }
}

/** Runs the long-task benchmark. */
export async function runLongTaskBench(options: LongTaskBenchOptions): Promise<Record<string, number>> {
  const queries = vectors(options.searches ?? 5, seededRandom(99));

  // The worker way. Setup: fill the agent's memory (also the baseline's store) and warm the worker up.
  const chat = makeChat('agent-chat');
  const agent = chat.agent;
  await agent.ready;
  const memory = agent.memory;
  await memory.clear();
  const random = seededRandom(5);
  for (let start = 0; start < options.vectors; start += BATCH) {
    const batch = vectors(Math.min(BATCH, options.vectors - start), random);
    await memory.add(batch.map((vector, j) => ({ id: `v${start + j}`, text: `item ${start + j}`, vector })));
  }
  await searchAll((q) => memory.search(q, { k: 10 }), queries.slice(0, 1));
  await streamReply(chat, 200);
  const worker = await observe(() => Promise.all([streamReply(chat, options.tokens), searchAll((q) => memory.search(q, { k: 10 }), queries)]));
  chat.remove();

  // The in-thread way, same element, model and stored vectors.
  const engine = new MemoryEngine({ name: STORE });
  await engine.ready;
  const local = makeChat('bench-inthread-chat');
  await searchAll((q) => engine.search(q, { k: 10 }), queries.slice(0, 1));
  await streamReply(local, 200);
  const thread = await observe(() => Promise.all([streamReply(local, options.tokens), searchAll((q) => engine.search(q, { k: 10 }), queries)]));
  local.remove();
  engine.close();

  return {
    'main.tokens': options.tokens,
    'main.vectors': options.vectors,
    'main.longtasks_worker': worker.count,
    'main.longtasks_inthread': thread.count,
    'main.longest_task_worker_ms': worker.longest,
    'main.longest_task_inthread_ms': thread.longest,
  };
}
