// Class 1: deep or huge JSON never wedges a run. Whatever crosses the worker
// boundary or enters the history is bounded (src/json-bounds.ts); a value out
// of bounds becomes a tool error, the call still gets exactly one result, and
// the run ends. Seeded: random depths up to 6,000 levels, random widths, in
// tool arguments (as text and as an object), page tool results, worker tool
// results and events; plus real-worker runs against the mock endpoint.
import { expect } from 'chai';
import { outOfBounds, JSON_LIMITS } from '../../src/json-bounds.js';
import { AgentSession } from '../../src/agent/agent-session.js';
import { PageToolHost } from '../../src/page/page-tool-host.js';
import { createAgent, toDescriptor } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { scriptedModel } from '../../src/testing/scripted-model.js';
import { mockEndpoint, type MockTurn } from '../../src/testing/mock-endpoint.js';
import { chunk, textTurn } from '../../src/testing/chunks.js';
import { crossableEvent, sendCrossable } from '../../src/worker/crossing-events.js';
import type { AgentEvent, ChatMessage, Tool } from '../../src/types.js';
import type { WorkerTool } from '../../src/worker-tools/worker-tool.js';
import { BASE_SEED, LONG_RUN, between, pick, random } from './support/seeded.js';
import { Tally } from './support/tally.js';

/** `{ "a": { "a": … } }` or `[[[…]]]`, `depth` levels, built without recursion. */
function nested(depth: number, kind: 'object' | 'array' = 'object', leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = kind === 'object' ? { a: v } : [v];
  return v;
}
/** The JSON text of `nested` without JSON.stringify (which would overflow). */
function nestedText(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const echo = defineTool({
  name: 'echo',
  description: 'Returns what the script says.',
  parameters: { type: 'object', additionalProperties: true },
  needsApproval: false,
  execute: (args: { depth?: number; bytes?: number }) => (args.bytes ? { big: 'x'.repeat(args.bytes) } : nested(args.depth ?? 1)),
});

function deepWorkerTool(): WorkerTool[] {
  return [{
    name: 'deep_worker', description: 'deep', parameters: { type: 'object' }, needsApproval: false,
    validate: (args) => ({ ok: true, value: args }),
    execute: async (args) => nested((args as { depth: number }).depth, 'array'),
  }];
}

/** A session with `echo` (page) and `deep_worker` (worker), whose events must all survive structured cloning. */
function session(turns: Parameters<typeof scriptedModel>[0]) {
  const events: AgentEvent[] = [];
  const uncloneable: string[] = [];
  const page = new PageToolHost();
  const tools: Tool[] = [echo];
  page.setTools(tools);
  const s = new AgentSession({ baseURL: 'http://unused.invalid/v1', model: 'scripted', approval: 'auto' }, [
    ...tools.map(toDescriptor),
    { name: 'deep_worker', description: 'deep', parameters: { type: 'object' }, kind: 'worker', approval: 'never', worker: { factory: 'deep', options: {} } },
  ], {
    host: {
      emit: (batch) => sendCrossable((b) => {
        structuredClone(b); // what postMessage does
        events.push(...b);
      }, batch),
      checkTool: (n, a) => page.checkTool(n, a),
      runTool: async (n, a, id) => structuredClone(await page.runTool(n, structuredClone(a), id)),
      abortTool: (id) => page.abortTool(id),
    },
    createModel: () => scriptedModel(turns),
    workerTools: { deep: deepWorkerTool },
  });
  return { s, events, uncloneable };
}

/** Every tool call in `history` has exactly one result. */
function answeredOnce(history: ChatMessage[]): string | undefined {
  const calls = history.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => c.id) : []));
  for (const id of calls) {
    const n = history.filter((m) => m.role === 'tool' && m.tool_call_id === id).length;
    if (n !== 1) return `call ${id} has ${n} results`;
  }
  return undefined;
}

const within = <T>(p: Promise<T>, ms: number, what: string) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: no end within ${ms} ms (wedged)`)), ms))]);

type Path = 'args-text' | 'args-object' | 'page-result' | 'worker-result' | 'page-big';

async function runCase(seed: number): Promise<string | undefined> {
  const rand = random(seed);
  const path = pick<Path>(rand, ['args-text', 'args-object', 'page-result', 'worker-result', 'page-big']);
  const depth = pick(rand, [between(rand, 1, 150), between(rand, 150, 260), between(rand, 260, 6000)]);
  const tooDeep = depth >= JSON_LIMITS.maxDepth;
  const call =
    path === 'args-text' ? { name: 'echo', argsText: `{"x":${nestedText(depth)}}` }
    : path === 'args-object' ? { name: 'echo', argsText: `{"x":${nestedText(depth)}}` }
    : path === 'page-result' ? { name: 'echo', args: { depth } }
    : path === 'page-big' ? { name: 'echo', args: { bytes: between(rand, 1, 2) === 1 ? 1000 : JSON_LIMITS.maxBytes + 10 } }
    : { name: 'deep_worker', args: { depth } };
  const { s, events } = session([{ toolCalls: [call] }, { text: 'done' }]);
  const final = await within(s.send('run', 'go'), 10_000, path);
  if (final.reason !== 'answer') return `${path} depth ${depth}: final ${final.reason} (${final.text})`;
  const history = s.messages();
  const once = answeredOnce(history);
  if (once) return `${path}: ${once}`;
  const results = events.filter((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
  if (results.length !== 1) return `${path}: ${results.length} tool-result events`;
  const big = path === 'page-big' && (call as { args: { bytes: number } }).args.bytes > 1000;
  const shouldFail = path === 'page-big' ? big : path.startsWith('args') ? depth + 1 >= JSON_LIMITS.maxDepth : tooDeep;
  if (shouldFail !== (results[0]!.status === 'error')) return `${path} depth ${depth}: status ${results[0]!.status} (${results[0]!.error ?? ''})`;
  if (!events.some((e) => e.type === 'final')) return `${path}: no final event crossed`;
  return undefined;
}

describe('reliability class 1: deep and huge JSON', () => {
  it('outOfBounds never throws, and what it accepts clones and stringifies (seeded)', () => {
    const tally = new Tally('class 1 bounds');
    const cases = LONG_RUN ? 3000 : 300;
    for (let i = 0; i < cases; i++) {
      const seed = BASE_SEED + i;
      const rand = random(seed);
      const depth = between(rand, 0, 6000);
      const value = nested(depth, pick(rand, ['object', 'array'] as const), pick(rand, [1, 'x', null, { k: [1, 2] }]));
      let problem: string | undefined;
      try {
        const why = outOfBounds(value);
        if ((why === undefined) !== depth < JSON_LIMITS.maxDepth - 1) problem = `depth ${depth}: ${why ?? 'accepted'}`;
        if (why === undefined) {
          structuredClone(value);
          JSON.stringify(value);
        }
      } catch (err) {
        problem = `depth ${depth}: threw ${(err as Error).message}`;
      }
      tally.record(seed, problem);
    }
    // Cycles and shared subtrees: bounded work, an answer, no throw.
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    tally.record('cycle', outOfBounds(cyclic) === undefined ? 'a cycle was accepted' : undefined);
    let shared: unknown = [1];
    for (let i = 0; i < 60; i++) shared = [shared, shared];
    tally.record('shared', outOfBounds(shared) === undefined ? 'a 2^60 shared tree was accepted' : undefined);
    tally.record('huge-array', outOfBounds(new Array(JSON_LIMITS.maxBytes).fill(0)) === undefined ? 'a huge array was accepted' : undefined);
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('a run with deep or huge data in arguments or results ends, each call answered once (seeded)', async () => {
    const tally = new Tally('class 1 runs');
    const cases = LONG_RUN ? 2000 : 120;
    for (let i = 0; i < cases; i++) await tally.check(BASE_SEED + i, () => runCase(BASE_SEED + i));
    tally.report();
    expect(tally.failures).to.deep.equal([]);
  });

  it('an event whose payload cannot cross is replaced, and a batch that still fails goes event by event', async () => {
    expect(crossableEvent({ type: 'tool-result', callId: 'c', name: 'n', status: 'ok', result: nested(5000) })).to.include({ status: 'error' });
    expect(crossableEvent({ type: 'tool-call', callId: 'c', name: 'n', args: nested(5000) })).to.have.property('args').that.is.a('string');
    const got: AgentEvent[] = [];
    const emit = (b: AgentEvent[]) => {
      structuredClone(b);
      if (b.some((e) => e.type === 'text' && e.delta === 'poison')) throw new Error('cannot clone');
      got.push(...b);
    };
    sendCrossable(emit, [{ type: 'text', delta: 'poison' }, { type: 'final', reason: 'answer', text: 'ok' }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(got.map((e) => e.type)).to.deep.equal(['final', 'error']);
  });
});

describe('reliability class 1: through a real worker', () => {
  const agents: ReturnType<typeof createAgent>[] = [];
  afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

  const deepArgsChunk = (asObject: boolean) =>
    `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c1","type":"function","function":{"name":"echo","arguments":${asObject ? nestedText(5000) : JSON.stringify(nestedText(5000))}}}]}}]}\n\n`;

  for (const [label, turn] of [
    ['deep arguments as text', { chunks: [chunk({ role: 'assistant', content: '' }), deepArgsChunk(false), chunk({}, 'tool_calls')] }],
    ['deep arguments as an object', { chunks: [chunk({ role: 'assistant', content: '' }), deepArgsChunk(true), chunk({}, 'tool_calls')] }],
    ['a page tool result 5,000 levels deep', { chunks: [chunk({ role: 'assistant', content: '' }), chunk({ tool_calls: [{ index: 0, id: 'c1', type: 'function', function: { name: 'echo', arguments: '{"depth":5000}' } }] }), chunk({}, 'tool_calls')] }],
  ] as [string, MockTurn][]) {
    it(`${label}: the call gets one error result and the run ends`, async () => {
      const mock = await mockEndpoint({ turns: [turn, textTurn('Understood.')] });
      const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [echo], approval: 'auto' });
      agents.push(agent);
      const events: AgentEvent[] = [];
      for await (const e of agent.send('go')) events.push(e);
      const results = events.filter((e) => e.type === 'tool-result');
      expect(results).to.have.length(1);
      expect(results[0]).to.include({ status: 'error' });
      expect(events.at(-1)).to.include({ type: 'final', reason: 'answer' });
      expect(answeredOnce(await agent.messages())).to.equal(undefined);
    });
  }

  it('respond() refuses replacement arguments too deep to send, at once', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('hi')] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model' });
    agents.push(agent);
    expect(() => agent.respond('c1', { approve: true, args: nested(5000) })).to.throw(TypeError, /nested/);
  });
});
