/**
 * Class 1 (bounds), more members: what a hostile server or page hands over is
 * bounded before it costs the page seconds or fills the history. A page
 * tool's result whose getters make fresh objects on every read (for ever, or
 * circularly), throw, or hide behind a Proxy; a tool name of megabytes. Each
 * run ends, the call gets exactly one result, and the history stays small.
 * Through a real worker and the mock endpoint; seeded sizes. Prints `N
 * passed, N failed`.
 */
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { chunk, textTurn } from '../../src/testing/chunks.js';
import { outOfBounds, MAX_GETTERS } from '../../src/json-bounds.js';
import { MAX_TOOL_NAME } from '../../src/model/tool-call.js';
import type { AgentEvent, ChatMessage } from '../../src/types.js';
import { BASE_SEED, LONG_RUN, between, pick, random } from './support/seeded.js';
import { Tally } from './support/tally.js';

type Kind = 'lazy' | 'circular' | 'wide' | 'throwing' | 'proxy' | 'plain-getters';

/** A value whose getters make a fresh object on every read. */
function hostile(kind: Kind, n: number): unknown {
  switch (kind) {
    case 'lazy': {
      const make = (): unknown => ({ get next() { return make(); } });
      return make();
    }
    case 'circular': {
      const o: Record<string, unknown> = {};
      Object.defineProperty(o, 'self', { get: () => ({ o, self: o }), enumerable: true });
      return o;
    }
    case 'wide': {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) Object.defineProperty(o, `k${i}`, { get: () => ({ again: o }), enumerable: true });
      return o;
    }
    case 'throwing':
      return { get x(): unknown { throw new Error('getter says no'); }, y: 1 };
    case 'proxy':
      return new Proxy({}, { ownKeys: () => { throw new Error('trap'); }, get: () => 1 });
    case 'plain-getters': {
      // Finite and honest, like an observable store's object: kept.
      const o: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) Object.defineProperty(o, `k${i}`, { get: () => i, enumerable: true });
      return o;
    }
  }
}

function answeredOnce(history: ChatMessage[]): string | undefined {
  const calls = history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));
  for (const id of calls) {
    const n = history.filter((m) => m.role === 'tool' && m.tool_call_id === id).length;
    if (n !== 1) return `call ${id} has ${n} results`;
  }
  return undefined;
}

describe('reliability class 1: hostile results and names', function () {
  this.timeout(LONG_RUN ? 1_800_000 : 240_000);

  it('measuring a value reads at most MAX_GETTERS getters, however many fresh objects they make', () => {
    expect(outOfBounds(hostile('lazy', 0))).to.be.a('string');
    expect(outOfBounds(hostile('circular', 0))).to.be.a('string');
    expect(outOfBounds(hostile('wide', 200))).to.match(/getters/);
    expect(outOfBounds(hostile('plain-getters', 100))).to.equal(undefined);
    expect(outOfBounds(hostile('plain-getters', MAX_GETTERS + 1))).to.match(/getters/);
  });

  it('a page tool whose result has hostile getters, or a tool name of megabytes: one result, the run ends, the history stays small (seeded)', async () => {
    const tally = new Tally('class 1 hostile results and names');
    const cases = LONG_RUN ? 60 : 12;
    const echo = defineTool({
      name: 'echo', description: 'Returns what it is asked for.', parameters: { type: 'object', additionalProperties: true },
      execute: async (a: { kind: Kind; n: number }) => hostile(a.kind, a.n),
    });
    const plan = Array.from({ length: cases }, (_, i) => {
      const rand = random(BASE_SEED + 80_000 + i);
      const name = rand() < 0.3 ? 'x'.repeat(between(rand, MAX_TOOL_NAME + 1, 4_000_000)) : 'echo';
      const kind = pick<Kind>(rand, ['lazy', 'circular', 'wide', 'throwing', 'proxy', 'plain-getters']);
      return { name, kind, n: between(rand, 1, 3000) };
    });
    const turns = plan.flatMap((p) => [
      { chunks: [chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: p.name, arguments: JSON.stringify({ kind: p.kind, n: p.n }) } }] }), chunk({}, 'tool_calls')] },
      textTurn('done'),
    ]);
    const mock = await mockEndpoint({ turns });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [echo], approval: 'auto' });
    try {
      for (let i = 0; i < cases; i++) {
        const p = plan[i]!;
        await tally.check(BASE_SEED + 80_000 + i, async () => {
          await agent.clear();
          const events: AgentEvent[] = [];
          for await (const e of agent.send('go')) events.push(e);
          const what = `${p.name.length > 10 ? `name of ${p.name.length} chars` : p.name} ${p.kind}`;
          if (events.at(-1)?.type !== 'final' || (events.at(-1) as { reason: string }).reason !== 'answer') return `${what}: final ${JSON.stringify(events.at(-1)).slice(0, 200)}`;
          const results = events.filter((e) => e.type === 'tool-result');
          if (results.length !== 1) return `${what}: ${results.length} results`;
          const history = await agent.messages();
          const once = answeredOnce(history);
          if (once) return `${what}: ${once}`;
          const size = JSON.stringify(history).length;
          if (size > 20_000) return `${what}: history of ${size} characters`;
          const longest = Math.max(...events.map((e) => ('name' in e && typeof e.name === 'string' ? e.name.length : 0)));
          if (longest > MAX_TOOL_NAME + 1) return `${what}: an event names a tool of ${longest} characters`;
          const status = (results[0] as { status: string }).status;
          const expected = p.name !== 'echo' || ['lazy', 'circular', 'throwing', 'proxy'].includes(p.kind) || (p.kind === 'wide' && p.n > 0) ? 'error' : 'ok';
          if (status !== expected && !(p.kind === 'plain-getters' && p.name === 'echo')) return `${what}: status ${status}, expected ${expected}`;
          return undefined;
        });
      }
    } finally {
      agent.dispose();
    }
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });
});
