// Read-only sub-agents (option `subAgents`), end to end: the real worker, the
// real OpenAI client and the scripted mock endpoint. Which request is the
// parent's and which a child's is read from what the mock received (a child's
// system prompt is the sub-agent prompt, its first user message the task).
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { fetchTool } from '../../src/tools/fetch-tool.js';
import { memoryTools } from '../../src/tools/memory-tools.js';
import { mockEndpoint, type MockLogEntry } from '../../src/testing/mock-endpoint.js';
import { errorTurn, textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent, AgentEvent, AgentOptions, SubAgentEvent, Tool } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

function agentOn(baseURL: string, options: Partial<AgentOptions> = {}): { agent: Agent; events: AgentEvent[] } {
  const agent = createAgent({ baseURL, model: 'mock-model', maxRetries: 0, subAgents: true, ...options });
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => events.push(e));
  return { agent, events };
}

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const out: AgentEvent[] = [];
  for await (const e of run) out.push(e);
  return out;
}

type Body = { messages: { role: string; content: string | null }[]; tools?: { function: { name: string; parameters: { properties?: Record<string, { enum?: string[] }> } } }[] };
const body = (entry: MockLogEntry) => entry.body as Body;
const toolNames = (entry: MockLogEntry) => (body(entry).tools ?? []).map((t) => t.function.name).sort();
const isChild = (entry: MockLogEntry) => String(body(entry).messages[0]?.content).startsWith('You are a helper agent.');
const nested = (events: AgentEvent[], callId?: string) => events.filter((e): e is SubAgentEvent => e.type === 'sub-agent' && (callId === undefined || e.parentCallId === callId));
const resultOf = (events: AgentEvent[], callId: string) => events.find((e) => e.type === 'tool-result' && e.callId === callId) as Extract<AgentEvent, { type: 'tool-result' }> | undefined;

async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const read = (name: string, execute: (args: { q: string }) => unknown = ({ q }) => `read ${q}`): Tool =>
  defineTool({ name, description: `Reads ${name}`, parameters: z.object({ q: z.string() }), readOnly: true, execute });

describe('sub-agents (option subAgents)', () => {
  it('offers a child only the read-only tools that need no approval, and a GET-only fetch', async () => {
    const write = defineTool({ name: 'save_order', description: 'Saves', parameters: z.object({ q: z.string() }), execute: () => 'saved' });
    const askingReader = defineTool({ name: 'peek', description: 'Reads, but asks', parameters: z.object({ q: z.string() }), readOnly: true, needsApproval: true, execute: () => 'peeked' });
    const tools = [read('lookup'), write, askingReader, ...memoryTools(), fetchTool({ allow: [location.origin], methods: ['GET', 'POST'], needsApproval: false })];
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Find order 7' } }]),
        // The child tries to POST through fetch: the schema it was given has no POST.
        toolCallTurn([{ id: 'c1', name: 'fetch', args: { url: `${location.origin}/x`, method: 'POST', body: 'x' } }]),
        textTurn('Order 7 is in Lyon.'),
        textTurn('It is in Lyon.'),
      ],
    });
    const { agent } = agentOn(mock.baseURL, { tools });
    const events = await collect(agent.send('Where is order 7?'));
    const log = (await mock.log()).filter((e) => e.path.endsWith('/chat/completions'));
    expect(log.map(isChild)).to.deep.equal([false, true, true, false]);
    expect(toolNames(log[0]!)).to.include.members(['dispatch_agent', 'save_order', 'peek', 'memory_save', 'memory_search', 'fetch', 'lookup']);
    expect(toolNames(log[1]!)).to.deep.equal(['ask_question', 'converse', 'fetch', 'lookup', 'memory_search', 'task_complete']);
    const childFetch = body(log[1]!).tools!.find((t) => t.function.name === 'fetch')!;
    expect(childFetch.function.parameters.properties!.method!.enum).to.deep.equal(['GET']);
    // The child's POST was refused by the tool itself, as a tool error the child read.
    const childResult = nested(events, 'd1').map((e) => e.event).find((e) => e.type === 'tool-result');
    expect(childResult).to.deep.include({ callId: 'c1', status: 'error' });
    expect(body(log[2]!).messages.at(-1)!.content).to.match(/^Error: .*method/s);
    // The task is the child's whole history; its answer is the parent's result, and nothing else of it.
    expect(body(log[1]!).messages.slice(1)).to.deep.equal([{ role: 'user', content: 'Find order 7' }]);
    expect(resultOf(events, 'd1')).to.deep.include({ status: 'ok', result: 'Order 7 is in Lyon.' });
    const history = await agent.messages();
    expect(history.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
    expect(history[2]).to.deep.include({ role: 'tool', tool_call_id: 'd1', content: 'Order 7 is in Lyon.' });
  });

  it("nests the child's events under the parent's call id, and only the parent's final ends the run", async () => {
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Look it up' } }]),
        toolCallTurn([{ id: 'c1', name: 'lookup', args: { q: 'a' } }]),
        textTurn('Child answer.'),
        textTurn('Parent answer.'),
      ],
    });
    const { agent, events: heard } = agentOn(mock.baseURL, { tools: [read('lookup')] });
    const run = agent.send('go');
    const events = await collect(run);
    const child = nested(events, 'd1').map((e) => e.event);
    // Deltas may cross in one batch or several: runs of them count once.
    const types = child.map((e) => e.type).filter((t, i, all) => ['iteration', 'tool-call', 'tool-start', 'tool-result', 'text', 'final'].includes(t) && t !== all[i - 1]);
    expect(types).to.deep.equal(['iteration', 'tool-call', 'tool-start', 'tool-result', 'iteration', 'text', 'final']);
    expect(child.find((e) => e.type === 'final')).to.deep.equal({ type: 'final', reason: 'answer', text: 'Child answer.' });
    // No bare event of the child: its call, its text and its final are all wrapped.
    expect(events.filter((e) => e.type === 'final')).to.deep.equal([{ type: 'final', reason: 'answer', text: 'Parent answer.' }]);
    expect(events.at(-1)!.type).to.equal('final');
    expect(events.filter((e) => e.type === 'tool-call').map((e) => (e as { callId: string }).callId)).to.deep.equal(['d1']);
    expect(events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('')).to.equal('Parent answer.');
    // The child's events sit between the parent call's start and its result.
    const start = events.findIndex((e) => e.type === 'tool-start' && e.callId === 'd1');
    const end = events.findIndex((e) => e.type === 'tool-result' && e.callId === 'd1');
    const inside = events.map((e, i) => (e.type === 'sub-agent' ? i : -1)).filter((i) => i >= 0);
    expect(start).to.be.lessThan(inside[0]!);
    expect(inside.at(-1)!).to.be.lessThan(end);
    // The thread's events keep them too (what a reload re-renders), deltas merged per child.
    const stored = nested(await agent.events(), 'd1').map((e) => e.event);
    expect(stored.filter((e) => e.type === 'text')).to.deep.equal([{ type: 'text', delta: 'Child answer.' }]);
    expect(heard.filter((e) => e.type === 'sub-agent').length).to.be.greaterThan(0);
  });

  it('runs two dispatches of one turn at the same time', async () => {
    // A barrier: each child's call waits for the other's. Run one after the other, the first would meet nobody.
    let arrived = 0;
    let release!: () => void;
    const both = new Promise<void>((r) => (release = r));
    const meet = read('meet', async () => {
      if (++arrived === 2) release();
      const met = await Promise.race([both.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 4000))]);
      return met ? 'met the other helper' : 'alone';
    });
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([
          { id: 'd1', name: 'dispatch_agent', args: { task: 'one' } },
          { id: 'd2', name: 'dispatch_agent', args: { task: 'two' } },
        ]),
        toolCallTurn([{ id: 'm1', name: 'meet', args: { q: 'x' } }]),
        toolCallTurn([{ id: 'm2', name: 'meet', args: { q: 'y' } }]),
        textTurn('First done.'),
        textTurn('Second done.'),
        textTurn('Both done.'),
      ],
    });
    const { agent } = agentOn(mock.baseURL, { tools: [meet] });
    const events = await collect(agent.send('go'));
    const meetings = [...nested(events, 'd1'), ...nested(events, 'd2')].map((e) => e.event).filter((e) => e.type === 'tool-result');
    expect(meetings.map((e) => (e as { result?: unknown }).result)).to.deep.equal(['met the other helper', 'met the other helper']);
    expect([resultOf(events, 'd1')!.result, resultOf(events, 'd2')!.result].sort()).to.deep.equal(['First done.', 'Second done.']);
    expect((events.at(-1) as { reason: string }).reason).to.equal('answer');
  });

  it('cancels every child at once when the parent is cancelled', async () => {
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([
          { id: 'd1', name: 'dispatch_agent', args: { task: 'one' } },
          { id: 'd2', name: 'dispatch_agent', args: { task: 'two' } },
        ]),
        textTurn('Still thinking', { hang: true }),
        textTurn('Still thinking', { hang: true }),
      ],
    });
    const { agent } = agentOn(mock.baseURL);
    const run = agent.send('go');
    const events: AgentEvent[] = [];
    const collected = (async () => {
      for await (const e of run) events.push(e);
    })();
    await until(() => nested(events, 'd1').some((e) => e.event.type === 'text') && nested(events, 'd2').some((e) => e.event.type === 'text'), 'both children to stream');
    agent.cancel();
    const final = await run.done;
    await collected;
    expect(final.reason).to.equal('cancelled');
    expect(resultOf(events, 'd1')!.status).to.equal('cancelled');
    expect(resultOf(events, 'd2')!.status).to.equal('cancelled');
    const children = await until(async () => {
      const log = (await mock.log()).filter(isChild);
      return log.length === 2 && log.every((e) => e.clientClosedEarly) && log;
    }, "both children's requests to be aborted");
    expect(children).to.have.length(2);
    const history = await agent.messages();
    expect(history.filter((m) => m.role === 'tool').map((m) => (m as { tool_call_id: string }).tool_call_id)).to.deep.equal(['d1', 'd2']);
  });

  it("answers a child's model failure, and a dispatch without a task, as tool errors the parent goes on from", async () => {
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([
          { id: 'd1', name: 'dispatch_agent', args: { task: 'fails' } },
          { id: 'd2', name: 'dispatch_agent', args: {} },
        ]),
        errorTurn(400, 'The model fell over'),
        textTurn('I could not find out.'),
      ],
    });
    const { agent } = agentOn(mock.baseURL);
    const events = await collect(agent.send('go'));
    expect(resultOf(events, 'd1')).to.deep.include({ status: 'error' });
    expect(resultOf(events, 'd1')!.error).to.match(/^The sub-agent failed: .*The model fell over/);
    expect(resultOf(events, 'd2')!.error).to.match(/task: expected a non-empty string/);
    // The child's error stays nested: the parent shows no error and ends with its answer.
    expect(events.filter((e) => e.type === 'error')).to.deep.equal([]);
    expect(nested(events, 'd1').some((e) => e.event.type === 'error')).to.equal(true);
    expect(events.at(-1)).to.deep.equal({ type: 'final', reason: 'answer', text: 'I could not find out.' });
    const history = await agent.messages();
    expect(history.filter((m) => m.role === 'tool')).to.have.length(2);
  });

  it("stops a child at its own step budget and tells the parent so", async () => {
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'loop' } }]),
        toolCallTurn([{ id: 'c1', name: 'lookup', args: { q: '1' } }]),
        toolCallTurn([{ id: 'c2', name: 'lookup', args: { q: '2' } }]),
        textTurn('Gave up.'),
      ],
    });
    const { agent } = agentOn(mock.baseURL, { tools: [read('lookup')], subAgents: { maxIterations: 2 }, maxIterations: 5 });
    const events = await collect(agent.send('go'));
    const child = nested(events, 'd1').map((e) => e.event);
    expect(child.filter((e) => e.type === 'iteration')).to.deep.equal([
      { type: 'iteration', n: 1, max: 2 },
      { type: 'iteration', n: 2, max: 2 },
    ]);
    expect(child.at(-1)).to.deep.include({ type: 'final', reason: 'max_iterations' });
    expect(resultOf(events, 'd1')!.error).to.match(/all of its 2 steps/);
    expect((await mock.log()).filter(isChild)).to.have.length(2);
    expect(events.at(-1)).to.deep.equal({ type: 'final', reason: 'answer', text: 'Gave up.' });
  });

  it("gives a child only the read-only tools of its run, and the run's own model", async () => {
    const mock = await mockEndpoint({
      turns: [toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'look' } }]), textTurn('Seen.'), textTurn('Done.')],
    });
    const { agent } = agentOn(mock.baseURL, { tools: [read('lookup'), read('other')] });
    const final = await agent.send('go', { tools: ['lookup'], model: 'run-model', toolChoice: { name: 'dispatch_agent' } }).done;
    expect(final).to.deep.include({ reason: 'answer', text: 'Done.' });
    const log = (await mock.log()).filter((e) => e.path.endsWith('/chat/completions'));
    const child = log.find(isChild)!;
    expect(toolNames(child)).to.deep.equal(['ask_question', 'converse', 'lookup', 'task_complete']);
    expect((child.body as { model: string }).model).to.equal('run-model');
    expect((log[0]!.body as { tool_choice?: unknown }).tool_choice).to.deep.equal({ type: 'function', function: { name: 'dispatch_agent' } });
  });

  it('checks the option, and refuses a tool of its own named dispatch_agent beside it', () => {
    expect(() => createAgent({ baseURL: '/x', model: 'm', subAgents: { maxIterations: 0 } })).to.throw(/subAgents must be/);
    expect(() => createAgent({ baseURL: '/x', model: 'm', subAgents: 'yes' as unknown as boolean })).to.throw(/subAgents must be/);
    const mine = defineTool({ name: 'dispatch_agent', description: 'Mine', parameters: {}, execute: () => 1 });
    expect(() => createAgent({ baseURL: '/x', model: 'm', subAgents: true, tools: [mine] })).to.throw(/rename your own tool/);
  });

  it('offers no dispatch_agent without the option', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Hi.')] });
    const { agent } = agentOn(mock.baseURL, { subAgents: undefined });
    await agent.send('hi').done;
    expect(toolNames((await mock.log())[0]!)).to.not.include('dispatch_agent');
  });
});

describe('the readOnly tool flag', () => {
  it('is checked by defineTool and carried to the descriptor', async () => {
    const { toDescriptor } = await import('../../src/page/create-agent.js');
    expect(() => defineTool({ name: 'x', description: 'x', parameters: {}, readOnly: 'yes' as unknown as boolean, execute: () => 1 })).to.throw(/readOnly must be a boolean/);
    expect(toDescriptor(read('r')).readOnly).to.equal(true);
    expect(toDescriptor(defineTool({ name: 'w', description: 'w', parameters: {}, execute: () => 1 })).readOnly).to.equal(undefined);
  });

  it('marks the DOM read tools, memory_search and a GET-only fetch read-only, and nothing that writes', async () => {
    const { domTools } = await import('../../src/tools/dom/read-tools.js');
    const { domActions } = await import('../../src/tools/dom/act-tools.js');
    const flags = (tools: Tool[]) => Object.fromEntries(tools.map((t) => [t.name, t.readOnly === true]));
    expect(flags(domTools())).to.deep.equal({ page_outline: true, dom_query: true, dom_read: true });
    expect(Object.values(flags(domActions()))).to.not.include(true);
    expect(flags(memoryTools())).to.deep.equal({ memory_save: false, memory_search: true });
    expect(fetchTool({ allow: ['https://a.example'] }).readOnly).to.equal(true);
    const writing = fetchTool({ allow: ['https://a.example'], methods: ['GET', 'POST'] });
    expect(writing.readOnly).to.not.equal(true);
    expect((writing.worker!.readOnlyOptions as { methods: string[]; needsApproval: boolean })).to.deep.include({ methods: ['GET'], needsApproval: false });
    // Approval the app asked for is never bypassed by a child.
    const asked = fetchTool({ allow: ['https://a.example'], needsApproval: true });
    expect(asked.readOnly).to.not.equal(true);
    expect(asked.worker!.readOnlyOptions).to.equal(undefined);
  });
});

describe('sub-agent events on their way out', () => {
  const wrap = (parentCallId: string, event: AgentEvent): AgentEvent => ({ type: 'sub-agent', parentCallId, event });

  it("merges a child's deltas per child, never across children", async () => {
    const { mergeDelta, isStreamDelta } = await import('../../src/event-merge.js');
    expect(mergeDelta(wrap('a', { type: 'text', delta: 'x' }), wrap('a', { type: 'text', delta: 'y' }))).to.deep.equal(wrap('a', { type: 'text', delta: 'xy' }));
    expect(mergeDelta(wrap('a', { type: 'text', delta: 'x' }), wrap('b', { type: 'text', delta: 'y' }))).to.equal(undefined);
    expect(mergeDelta({ type: 'text', delta: 'x' }, wrap('a', { type: 'text', delta: 'y' }))).to.equal(undefined);
    expect(isStreamDelta(wrap('a', { type: 'thinking', delta: 'x' }))).to.equal(true);
    expect(isStreamDelta(wrap('a', { type: 'final', reason: 'answer', text: '' }))).to.equal(false);
  });

  it("blanks the API key and bounds payloads inside a child's events too", async () => {
    const { withoutKey } = await import('../../src/agent/redact-key.js');
    const { crossableEvent } = await import('../../src/worker/crossing-events.js');
    const key = 'sk-secret-123456';
    expect(withoutKey(wrap('a', { type: 'error', message: `bad key ${key}`, retryable: false }), key)).to.deep.equal(wrap('a', { type: 'error', message: 'bad key [api key]', retryable: false }));
    let deep: unknown = 'x';
    for (let i = 0; i < 500; i++) deep = { deep };
    const crossed = crossableEvent(wrap('a', { type: 'tool-call', callId: 'c', name: 'n', args: deep })) as SubAgentEvent;
    expect((crossed.event as { args: unknown }).args).to.match(/^\(arguments not shown/);
  });
});
