// Class 6: after cancel() returns, no tool starts and the run ends `cancelled`.
// Seeded races through a real worker and the mock endpoint: approve and cancel
// 0–6 ms apart (also in the same tick), and cancels at random moments of a
// streamed reply, including its very end. Every case checks that no tool's
// execute began after cancel() returned, that no tool-start was delivered
// after it, and that the final reason is `cancelled`.
// Worker tools (fetch runs in the worker) and model requests: the test server
// records every fetch that reaches it and the mock every model request, so a
// start is visible from outside; a fetch (or a request) the page had not been
// told of (its tool-start, its iteration) before cancel() returned must never
// arrive.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { fetchTool } from '../../src/tools/fetch-tool.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent, AgentEvent } from '../../src/types.js';
import { BASE_SEED, LONG_RUN, between, pick, random } from './support/seeded.js';
import { Tally } from './support/tally.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function approveThenCancel(seed: number, agent: Agent, started: number[]): Promise<string | undefined> {
  const rand = random(seed);
  const gap = pick(rand, [0, 0, 1, 2, 4, 6]);
  const events: AgentEvent[] = [];
  let cancelledAt = Infinity;
  // When each event reached the page (the run's iterator may read them later).
  const delivered: { e: AgentEvent; at: number }[] = [];
  const off = agent.on((e) => delivered.push({ e, at: performance.now() }));
  const run = agent.send('do it');
  for await (const e of run) {
    events.push(e);
    if (e.type === 'approval-request') {
      for (const r of e.requests) agent.respond(r.callId, { approve: true });
      if (gap > 0) await sleep(gap);
      agent.cancel();
      cancelledAt = performance.now();
    }
  }
  off();
  const final = events.at(-1);
  if (final?.type !== 'final' || final.reason !== 'cancelled') return `gap ${gap}: final ${JSON.stringify(final)}`;
  const late = started.filter((t) => t > cancelledAt);
  const ranBefore = started.filter((t) => t <= cancelledAt).length;
  started.length = 0;
  if (late.length > 0) return `gap ${gap}: a tool started ${(late[0]! - cancelledAt).toFixed(1)} ms after cancel() returned`;
  // A start the worker batched before the cancel may arrive after it; one for a call that never ran may not.
  const lateStarts = delivered.filter((d) => d.at > cancelledAt && d.e.type === 'tool-start').length;
  if (lateStarts > ranBefore) return `gap ${gap}: ${lateStarts} tool-start delivered after cancel() for ${ranBefore} calls that ran`;
  return undefined;
}

/** Requests carrying `?probe=<id>` that reached the test server. */
async function arrivals(probe: string): Promise<unknown[]> {
  return (await fetch(`/__fixtures/arrivals?of=${encodeURIComponent(probe)}`)).json();
}

/**
 * Approves two fetches (worker tool) and a page tool, then cancels 0–6 ms
 * later. Any fetch that reached the server must have had its tool-start
 * delivered on the page before cancel() returned (the page let it start);
 * a fetch the page never let start must never arrive.
 */
async function approveFetchThenCancel(seed: number, agent: Agent, started: number[]): Promise<string | undefined> {
  const rand = random(seed);
  const gap = pick(rand, [0, 0, 1, 1, 2, 3, 4, 6]);
  const delivered: { e: AgentEvent; at: number }[] = [];
  const off = agent.on((e) => delivered.push({ e, at: performance.now() }));
  let cancelledAt = Infinity;
  const events: AgentEvent[] = [];
  for await (const e of agent.send(`case ${seed}`)) {
    events.push(e);
    if (e.type === 'approval-request') {
      // Answered in a seeded order, so the worker sees fetch and page calls approved first by turns.
      const order = [...e.requests].sort(() => rand() - 0.5);
      for (const r of order) agent.respond(r.callId, { approve: true });
      if (gap > 0) await sleep(gap);
      agent.cancel();
      cancelledAt = performance.now();
    }
  }
  off();
  // A fetch started late would still be on its way to the server.
  await sleep(40);
  const final = events.at(-1);
  if (final?.type !== 'final' || final.reason !== 'cancelled') return `gap ${gap}: final ${JSON.stringify(final)}`;
  const late = started.filter((t) => t > cancelledAt);
  started.length = 0;
  if (late.length > 0) return `gap ${gap}: a page tool started ${(late[0]! - cancelledAt).toFixed(1)} ms after cancel() returned`;
  const announced = new Set(delivered.filter((d) => d.at <= cancelledAt && d.e.type === 'tool-start').map((d) => (d.e as { callId: string }).callId));
  for (const e of events) {
    if (e.type !== 'tool-call' || e.name !== 'fetch') continue;
    const url = (e.args as { url: string }).url;
    const probe = new URL(url).searchParams.get('probe')!;
    const got = await arrivals(probe);
    if (got.length > 0 && !announced.has(e.callId)) return `gap ${gap}: fetch ${probe} reached the server, but the page had not let it start when cancel() returned`;
  }
  return undefined;
}

/**
 * A page tool answers; the page cancels as its result arrives (in the
 * listener itself, or 1–3 ms later). The next model request must not reach
 * the mock unless its iteration was announced before cancel() returned.
 */
async function cancelAsResultArrives(seed: number, agent: Agent): Promise<string | undefined> {
  const rand = random(seed);
  const gap = pick(rand, [0, 0, 0, 1, 2, 3]);
  const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'quick', args: {} }]), textTurn('Done.')] });
  // A fresh history: a long one would be folded, and the summary is a request of its own.
  await agent.clear();
  agent.configure({ baseURL: mock.baseURL });
  let cancelledAt = Infinity;
  const delivered: { e: AgentEvent; at: number }[] = [];
  const off = agent.on((e) => {
    delivered.push({ e, at: performance.now() });
    if (e.type !== 'tool-result') return;
    const cancel = () => {
      // A timer that fires after the run ended (a loaded machine delays it) is no race with the next request: nothing to judge.
      if (delivered.some((d) => d.e.type === 'final')) return;
      agent.cancel();
      cancelledAt = performance.now();
    };
    if (gap === 0) cancel();
    else setTimeout(cancel, gap);
  });
  const events: AgentEvent[] = [];
  for await (const e of agent.send(`case ${seed}`)) events.push(e);
  off();
  await sleep(40);
  const final = events.at(-1);
  const requests = (await mock.log()).filter((entry) => entry.path.endsWith('/chat/completions')).length;
  const second = delivered.find((d) => d.e.type === 'iteration' && d.e.n === 2);
  const announced = second !== undefined && second.at <= cancelledAt;
  if (requests > 1 && !announced) return `gap ${gap}: a model request reached the server after cancel() returned (its iteration was not announced before)`;
  if (final?.type !== 'final') return 'no final';
  if (cancelledAt !== Infinity && final.reason !== 'cancelled') return `gap ${gap}: final ${final.reason}`;
  return undefined;
}

async function cancelMidStream(seed: number, agent: Agent): Promise<string | undefined> {
  const rand = random(seed);
  const wait = between(rand, 0, 60);
  const run = agent.send('talk');
  const events: AgentEvent[] = [];
  const reading = (async () => {
    for await (const e of run) events.push(e);
  })();
  await sleep(wait);
  const wasRunning = agent.running;
  agent.cancel();
  await reading;
  const final = events.at(-1);
  if (final?.type !== 'final') return 'no final';
  if (wasRunning && final.reason !== 'cancelled') return `cancel after ${wait} ms while running: final ${final.reason}`;
  return undefined;
}

describe('reliability class 6: cancel races', function () {
  this.timeout(LONG_RUN ? 3_600_000 : 120_000);
  const agents: Agent[] = [];
  afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

  it('approve and cancel a few ms apart: no tool starts after cancel(), the run ends cancelled (seeded)', async () => {
    const tally = new Tally('class 6 approve+cancel');
    const cases = LONG_RUN ? 1000 : 40;
    const started: number[] = [];
    const act = defineTool({
      name: 'act', description: 'Acts.', parameters: { type: 'object', properties: {} }, needsApproval: true,
      execute: async () => {
        started.push(performance.now());
        await sleep(5);
        return 'acted';
      },
    });
    // One agent, one turn per case: each case's run ends at its cancel.
    const turn = toolCallTurn([{ name: 'act', args: {} }, { name: 'act', args: {}, id: 'call_2' }]);
    const mock = await mockEndpoint({ turns: Array.from({ length: 2 * cases }, () => turn) });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [act] });
    agents.push(agent);
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + i;
      await tally.check(seed, () => approveThenCancel(seed, agent, started));
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('a worker tool (fetch) approved a few ms before cancel() never starts after it; the server sees no fetch the page did not let start (seeded)', async () => {
    const tally = new Tally('class 6 approve+cancel, worker tool');
    const cases = LONG_RUN ? 1000 : 40;
    const started: number[] = [];
    const act = defineTool({
      name: 'act', description: 'Acts.', parameters: { type: 'object', properties: {} }, needsApproval: true,
      execute: async () => {
        started.push(performance.now());
        return 'acted';
      },
    });
    const fetcher = fetchTool({ allow: [location.origin], needsApproval: true });
    // Every turn its own probes (a case that ran its tools before the cancel asks the model again and takes the next turn).
    const turns = Array.from({ length: 3 * cases }, (_, i) => {
      const probe = (k: string) => `${location.origin}/__fixtures/json?probe=c6w-${BASE_SEED}-${i}-${k}-${Math.random().toString(36).slice(2)}`;
      return toolCallTurn([
        { name: 'fetch', args: { url: probe('a') } },
        { name: 'act', args: {}, id: 'call_2' },
        { name: 'fetch', args: { url: probe('b') }, id: 'call_3' },
      ]);
    });
    const mock = await mockEndpoint({ turns });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [act, fetcher] });
    agents.push(agent);
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + 20_000 + i;
      await tally.check(seed, () => approveFetchThenCancel(seed, agent, started));
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('a cancel as a tool result arrives: no model request starts after cancel() returned (seeded)', async () => {
    const tally = new Tally('class 6 cancel before the next model request');
    const cases = LONG_RUN ? 500 : 30;
    const quick = defineTool({ name: 'quick', description: 'Answers at once.', parameters: { type: 'object', properties: {} }, execute: async () => 'ok' });
    const agent = createAgent({ baseURL: '/unused/v1', model: 'mock-model', tools: [quick] });
    agents.push(agent);
    await agent.ready;
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + 30_000 + i;
      await tally.check(seed, () => cancelAsResultArrives(seed, agent));
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('a cancel at a random moment of a streamed reply (also at its very end) ends the run cancelled (seeded)', async () => {
    const tally = new Tally('class 6 cancel mid-stream');
    const cases = LONG_RUN ? 1000 : 40;
    const text = 'One two three four five six seven eight nine ten.';
    const mock = await mockEndpoint({ turns: Array.from({ length: cases }, () => ({ ...textTurn(text), delayMs: 3 })) });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
    agents.push(agent);
    await agent.ready;
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + 10_000 + i;
      await tally.check(seed, () => cancelMidStream(seed, agent));
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });
});
