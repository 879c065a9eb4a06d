import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { Agent, AgentEvent } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { chunk, textTurn, toolCallTurn } from '../../src/testing/chunks.js';

const agents: Agent[] = [];
function agentFor(baseURL: string, options: Partial<Parameters<typeof createAgent>[0]> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', ...options });
  agents.push(agent);
  return agent;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of run) events.push(e);
  return events;
}

describe('createAgent (worker + mock endpoint)', () => {
  it('streams an answer from the worker and keeps the history', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Hello from the worker.')] });
    const agent = agentFor(mock.baseURL);
    const events = await collect(agent.send('hi'));
    expect(events[0]!.type).to.equal('run-start');
    expect(events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('')).to.equal('Hello from the worker.');
    expect(events.at(-1)).to.deep.equal({ type: 'final', reason: 'answer', text: 'Hello from the worker.' });
    expect(await agent.messages()).to.deep.equal([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello from the worker.' },
    ]);
  });

  it('batches token deltas across the worker boundary', async () => {
    const text = 'x'.repeat(600);
    const mock = await mockEndpoint({ turns: [textTurn(text, { pieces: text.split('') })] });
    const agent = agentFor(mock.baseURL);
    const events = await collect(agent.send('go'));
    const deltas = events.filter((e) => e.type === 'text') as { delta: string }[];
    expect(deltas.map((d) => d.delta).join('')).to.equal(text);
    // 600 one-character chunks must not become 600 messages.
    expect(deltas.length).to.be.lessThan(60);
  });

  it('calls a page tool from the worker and feeds its result back', async () => {
    const seen: unknown[] = [];
    const lookup = defineTool({
      name: 'lookup',
      description: 'Finds an order',
      parameters: z.object({ id: z.string() }),
      execute: ({ id }, ctx) => {
        seen.push([id, ctx.callId, ctx.signal instanceof AbortSignal]);
        return { id, status: 'shipped' };
      },
    });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'call_1', name: 'lookup', args: { id: '42' } }]), textTurn('Order 42 has shipped.')] });
    const agent = agentFor(mock.baseURL, { tools: [lookup] });
    const final = await agent.send('where is 42?').done;
    expect(final).to.deep.include({ reason: 'answer', text: 'Order 42 has shipped.' });
    expect(seen).to.deep.equal([['42', 'call_1', true]]);
    const log = await mock.log();
    const second = log[1]!.body as { messages: { role: string; content: string }[]; tools: { function: { name: string } }[] };
    expect(second.messages.at(-1)).to.deep.equal({ role: 'tool', tool_call_id: 'call_1', content: '{"id":"42","status":"shipped"}' });
    expect(second.tools.map((t) => t.function.name)).to.include('lookup');
  });

  it('waits for respond() before running a tool that needs approval', async () => {
    const ran: string[] = [];
    const cancelOrder = defineTool({ name: 'cancel_order', description: 'Cancels', parameters: z.object({ id: z.string() }), needsApproval: true, execute: ({ id }) => ran.push(id) });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c9', name: 'cancel_order', args: { id: '9' } }]), textTurn('Cancelled.')] });
    const agent = agentFor(mock.baseURL, { tools: [cancelOrder] });
    const run = agent.send('cancel 9');
    for await (const e of run) {
      if (e.type === 'approval-request') {
        expect(ran).to.deep.equal([]);
        expect(e.requests).to.deep.equal([{ callId: 'c9', name: 'cancel_order', args: { id: '9' } }]);
        agent.respond('c9', { approve: true });
      }
    }
    expect(ran).to.deep.equal(['9']);
    expect((await run.done).reason).to.equal('answer');
  });

  it('cancel() ends the run, closes the HTTP connection and leaves a valid history', async () => {
    const mock = await mockEndpoint({ turns: [{ chunks: [chunk({ role: 'assistant', content: 'Thinking about it' })], hang: true }, textTurn('Next answer.')] });
    const agent = agentFor(mock.baseURL);
    const run = agent.send('long task');
    for await (const e of run) if (e.type === 'text') agent.cancel();
    const final = await run.done;
    expect(final.reason).to.equal('cancelled');
    // The server sees the close a moment after the page aborts: poll its log for up to 10 s (on a loaded
    // 2-core machine the socket close has reached it after more than 2 s: agent-chat-stream.test.ts).
    let closed = false;
    for (let i = 0; i < 500 && !closed; i++) {
      closed = (await mock.log())[0]!.clientClosedEarly;
      if (!closed) await new Promise((r) => setTimeout(r, 20));
    }
    expect(closed, 'the server saw the connection close').to.equal(true);
    expect((await agent.send('again').done).text).to.equal('Next answer.');
  });

  it('cancel() right after send() cancels that run, although it overtakes the send', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Answer.')] });
    const agent = agentFor(mock.baseURL);
    const run = agent.send('x');
    agent.cancel();
    expect((await run.done).reason).to.equal('cancelled');
    expect(await mock.log(), 'the model was never asked').to.have.length(0);
    expect((await agent.send('again').done).text).to.equal('Answer.');
  });

  it('fires the page tool signal on cancel', async () => {
    let aborted = false;
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const wait = defineTool({
      name: 'wait',
      description: 'Waits forever',
      parameters: { type: 'object' },
      execute: (_a, { signal }) => {
        started();
        return new Promise((_, reject) => signal.addEventListener('abort', () => ((aborted = true), reject(signal.reason))));
      },
    });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'w', name: 'wait', args: {} }])] });
    const agent = agentFor(mock.baseURL, { tools: [wait] });
    const run = agent.send('wait');
    await running;
    agent.cancel();
    expect((await run.done).reason).to.equal('cancelled');
    expect(aborted).to.equal(true);
    const history = await agent.messages();
    expect(history.at(-1)).to.deep.include({ role: 'tool', tool_call_id: 'w' });
  });

  it('reports an HTTP error with the server message and stays usable', async () => {
    const mock = await mockEndpoint({
      turns: [{ status: 404, error: { message: 'model "nope" not found, try pulling it first', type: 'api_error' } }, textTurn('Works now.')],
    });
    const agent = agentFor(mock.baseURL, { maxRetries: 0 });
    const events = await collect(agent.send('hi'));
    const error = events.find((e) => e.type === 'error') as { message: string };
    expect(error.message).to.contain('model "nope" not found');
    expect(events.at(-1)).to.deep.include({ type: 'final', reason: 'error' });
    expect((await agent.send('again').done).text).to.equal('Works now.');
  });

  it("falls back to the text protocol when the endpoint rejects tools, and stays on it", async () => {
    const ran: string[] = [];
    const lookup = defineTool({ name: 'lookup', description: 'Finds', parameters: z.object({ id: z.string() }), execute: ({ id }) => (ran.push(id), `order ${id}: shipped`) });
    const mock = await mockEndpoint({
      turns: [
        { status: 400, error: { message: 'registry.ollama.ai/library/gemma:2b does not support tools', type: 'api_error' } },
        textTurn('<tool_call>{"name": "lookup", "arguments": {"id": "7"}}</tool_call>', { pieces: ['<tool', '_call>{"name": "lookup", ', '"arguments": {"id": "7"}}</tool_', 'call>'] }),
        textTurn('Order 7 has shipped.'),
        textTurn('Still here.'),
      ],
    });
    const agent = agentFor(mock.baseURL, { tools: [lookup], maxRetries: 0 });
    const events = await collect(agent.send('where is 7?'));
    const shown = events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('');
    expect(shown).to.not.contain('tool_call');
    expect(ran).to.deep.equal(['7']);
    expect(events.at(-1)).to.deep.include({ reason: 'answer', text: 'Order 7 has shipped.' });
    await agent.send('more').done;
    const bodies = (await mock.log()).map((l) => l.body as { tools?: unknown[]; messages: { role: string; content: string }[] });
    expect(bodies[0]!.tools).to.not.equal(undefined);
    expect(bodies.slice(1).every((b) => b.tools === undefined)).to.equal(true);
    expect(bodies[1]!.messages[0]!.content).to.contain('lookup');
    expect(bodies[2]!.messages.at(-1)!.content).to.match(/<observation tool="lookup">[\s\S]*order 7: shipped/);
  });

  it('keeps a thread in IndexedDB across agents', async () => {
    const thread = `t-${crypto.randomUUID()}`;
    const mock = await mockEndpoint({ turns: [textTurn('Remembered.')] });
    const first = agentFor(mock.baseURL, { thread });
    await first.send('remember this').done;
    // Disposed the moment the run is over, as a reload would: the thread is stored before the final event.
    first.dispose();
    const second = agentFor(mock.baseURL, { thread });
    expect(await second.messages()).to.deep.equal([
      { role: 'user', content: 'remember this' },
      { role: 'assistant', content: 'Remembered.' },
    ]);
    expect((await second.events()).some((e) => e.type === 'final')).to.equal(true);
    await second.clear();
    const third = agentFor(mock.baseURL, { thread });
    expect(await third.messages()).to.deep.equal([]);
  });

  it('settles the run and pending calls when the worker dies', async () => {
    const agent = agentFor('/unused', { modelModule: new URL('../fixtures/crashing-model.ts', import.meta.url).href });
    const run = agent.send('crash');
    const final = await run.done;
    expect(final.reason).to.equal('error');
    expect(final.text).to.match(/worker stopped/);
    let error: unknown;
    await agent.messages().catch((e: unknown) => (error = e));
    expect((error as Error).name).to.equal('AbortError');
    expect((await agent.send('again').done).reason).to.equal('error');
  });

  it('dispose() ends the run as cancelled and rejects pending calls with AbortError', async () => {
    const mock = await mockEndpoint({ turns: [{ chunks: [chunk({ content: 'slow' })], hang: true }] });
    const agent = agentFor(mock.baseURL);
    const run = agent.send('x');
    for await (const e of run) if (e.type === 'text') break;
    const pending = agent.messages();
    agent.dispose();
    expect((await run.done).reason).to.equal('cancelled');
    let error: unknown;
    await pending.catch((e: unknown) => (error = e));
    expect((error as Error | undefined)?.name ?? 'resolved before dispose').to.be.oneOf(['AbortError', 'resolved before dispose']);
  });

  it('configure() changes the next send without touching the options object the app passed', async () => {
    const first = await mockEndpoint({ turns: [textTurn('From the first.')] });
    const second = await mockEndpoint({ turns: [textTurn('From the second.')] });
    const options = { baseURL: first.baseURL, model: 'mock-model' };
    const agent = createAgent(options);
    agents.push(agent);
    agent.configure({ baseURL: second.baseURL });
    expect((await agent.send('hi').done).text).to.equal('From the second.');
    expect(options.baseURL).to.equal(first.baseURL);
    expect(() => agent.configure({ maxIterations: 0 })).to.throw(/maxIterations/);
  });

  it('validates options when the agent is created', () => {
    expect(() => createAgent({ baseURL: '', model: 'm' })).to.throw(/baseURL/);
    expect(() => createAgent({ baseURL: '/v1', model: 'm', maxIterations: 0 })).to.throw(/maxIterations/);
    expect(() => createAgent({ baseURL: '/v1', model: 'm', planning: 'yes' as unknown as true })).to.throw(/planning/);
    expect(() => createAgent({ baseURL: '/v1', model: 'm', reflectEvery: 0 })).to.throw(/reflectEvery/);
  });

  it('carries planning to the worker: update_plan is offered and accepted plans arrive as plan events', async () => {
    const tasks = [{ id: 'a', title: 'Find the order', status: 'in_progress' }];
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'p1', name: 'update_plan', args: { tasks } }]), textTurn('Found it.')] });
    const agent = agentFor(mock.baseURL, { planning: true });
    const events = await collect(agent.send('find 42'));
    expect(events.filter((e) => e.type === 'plan')).to.deep.equal([{ type: 'plan', tasks }]);
    const log = await mock.log();
    const first = log[0]!.body as { tools: { function: { name: string } }[] };
    expect(first.tools.map((t) => t.function.name)).to.include('update_plan');
  });
});

describe('agent memory', () => {
  it('agent.memory and the memory tools share the worker engine', async () => {
    const name = `agent-mem-${crypto.randomUUID()}`;
    const { memoryTools } = await import('../../src/tools/memory-tools.js');
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([{ id: 'm1', name: 'memory_save', args: { text: 'The blue van is parked on level 3', tags: ['car'] } }]),
        textTurn('Saved.'),
        toolCallTurn([{ id: 'm2', name: 'memory_search', args: { query: 'where is the blue van parked' } }]),
        textTurn('Level 3.'),
      ],
    });
    const agent = agentFor(mock.baseURL, { tools: memoryTools(), memory: { name } });
    await agent.send('remember where the van is').done;
    expect(await agent.memory.count()).to.equal(1);
    const hits = await agent.memory.search('blue van parking', { k: 1 });
    expect(hits[0]!.text).to.equal('The blue van is parked on level 3');
    expect(hits[0]!.meta).to.deep.equal({ tags: ['car'] });
    const events = await collect(agent.send('where is the van?'));
    const result = events.find((e) => e.type === 'tool-result' && e.callId === 'm2') as { result: string };
    expect(result.result).to.contain('level 3');
    await agent.memory.clear();
  });
});

describe('worker tools through the agent', () => {
  it('runs fetchTool inside the worker and refuses an origin not on the allow-list', async () => {
    const { fetchTool } = await import('../../src/tools/fetch-tool.js');
    const here = location.origin;
    const other = here.replace('localhost', '127.0.0.1');
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([
          { id: 'f1', name: 'fetch', args: { url: `${here}/__fixtures/json` } },
          { id: 'f2', name: 'fetch', args: { url: `${other}/__fixtures/json` } },
        ]),
        textTurn('Fetched.'),
      ],
    });
    const agent = agentFor(mock.baseURL, { tools: [fetchTool({ allow: [here] })] });
    const events = await collect(agent.send('fetch both'));
    const results = Object.fromEntries(events.filter((e) => e.type === 'tool-result').map((e) => [(e as { callId: string }).callId, e]));
    expect(results.f1).to.deep.include({ status: 'ok' });
    expect(results.f2).to.deep.include({ status: 'error' });
    expect((results.f2 as { error: string }).error).to.contain('is not allowed');
  });
});
