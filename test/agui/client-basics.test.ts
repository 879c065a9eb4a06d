// The AG-UI client (option `agui`) against the test runner's own AG-UI
// server (test/support/agui-servers.js, the official encoder): text in every
// form the protocol allows, the page's tools as frontend tools through the
// one approval policy, server-side tool results, snapshots, activities,
// usage — and what the server received in each RunAgentInput.
import { expect } from 'chai';
import { z } from 'zod';
import { defineTool } from '../../src/tools/define-tool.js';
import { createAgent } from '../../src/page/create-agent.js';
import { mockEndpoint, textTurn, toolCallTurn } from '../../src/testing/index.js';
import type { AgentEvent } from '../../src/types.js';
import { aguiScript, ofType, pageTool, remoteAgent, run, text, toolCall } from './support.js';

describe('AG-UI client: text', function () {
  // The first run loads the AG-UI client's chunk cold (dev server, unbundled), slow on a loaded machine.
  this.timeout(60_000);
  it('streams a remote reply as text events and keeps the history in the browser', async () => {
    const server = await aguiScript([run(text('m1', 'Hello', ' from', ' the server'))]);
    const { agent, events } = remoteAgent({ url: server.url });
    const final = await agent.send('Hi').done;
    expect(final).to.deep.include({ reason: 'answer', text: 'Hello from the server' });
    expect(ofType(events, 'text').map((e) => e.delta).join('')).to.equal('Hello from the server');
    expect(ofType(events, 'iteration')).to.deep.equal([{ type: 'iteration', n: 1, max: 10 }]);
    expect(await agent.messages()).to.deep.equal([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello from the server' }]);
    const [received] = await server.log();
    expect(received!.input.messages).to.have.length(1);
    expect(received!.input.messages[0]).to.deep.include({ role: 'user', content: 'Hi' });
    expect(received!.input.tools).to.deep.equal([]);
    expect(received!.input.threadId).to.match(/^[0-9a-f-]{36}$/);
    expect(received!.input.protocolVersion).to.equal('1.0');
  });

  it('reads text sent only as TEXT_MESSAGE_CHUNK, and reasoning as REASONING_* events', async () => {
    const server = await aguiScript([
      run([
        { type: 'REASONING_START', messageId: 'r1' },
        { type: 'REASONING_MESSAGE_START', messageId: 'r1', role: 'reasoning' },
        { type: 'REASONING_MESSAGE_CONTENT', messageId: 'r1', delta: 'Think first.' },
        { type: 'REASONING_MESSAGE_END', messageId: 'r1' },
        { type: 'REASONING_END', messageId: 'r1' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', role: 'assistant', delta: 'Only ' },
        { type: 'TEXT_MESSAGE_CHUNK', messageId: 'm1', delta: 'chunks.' },
      ]),
    ]);
    const { agent, events } = remoteAgent({ url: server.url });
    expect(await agent.send('Go').done).to.deep.include({ reason: 'answer', text: 'Only chunks.' });
    expect(ofType(events, 'thinking').map((e) => e.delta).join('')).to.equal('Think first.');
    expect(ofType(events, 'text').map((e) => e.delta).join('')).to.equal('Only chunks.');
  });

  it('sends the history, the app context, forwardedProps and headers with the next run', async () => {
    const server = await aguiScript([run(text('m1', 'First.')), run(text('m2', 'Second.'))]);
    const { agent } = remoteAgent({ url: server.url, headers: { Authorization: 'Bearer t0ken' }, forwardedProps: { tenant: 'acme' } });
    agent.context.set('openOrder', { id: 42 }, { description: 'the order on screen' });
    await agent.send('one').done;
    await agent.send('two').done;
    const [first, second] = await server.log();
    expect(first!.authorization).to.equal('Bearer t0ken');
    expect(second!.input.threadId).to.equal(first!.input.threadId);
    expect(second!.input.messages.map((m) => [m.role, m.content])).to.deep.equal([['user', 'one'], ['assistant', 'First.'], ['user', 'two']]);
    // The server's id for its own message is kept; ours stay the same from run to run.
    expect(second!.input.messages[1]!.id).to.equal('m1');
    expect(second!.input.messages[0]!.id).to.equal(first!.input.messages[0]!.id);
    expect(second!.input.context).to.deep.equal([{ description: 'openOrder: the order on screen', value: '{"id":42}' }]);
    expect(second!.input.forwardedProps).to.deep.equal({ tenant: 'acme' });
  });
});

describe('AG-UI client: frontend tools', () => {
  it('offers the page tools, runs an approved call on the page and starts the next run with its result', async () => {
    const server = await aguiScript([run([...text('m1', 'Adding it.'), ...toolCall('c1', 'add_to_cart', { item: 'tea', qty: 2 }, 'm1')]), run(text('m2', 'Done: tea is in your cart.'))]);
    const seen: unknown[] = [];
    const { agent, events } = remoteAgent({ url: server.url }, { tools: [pageTool(true, seen)] });
    const final = await agent.send('Add two teas').done;
    expect(final).to.deep.include({ reason: 'answer', text: 'Done: tea is in your cart.' });
    expect(seen).to.deep.equal([{ item: 'tea', qty: 2 }]);
    expect(ofType(events, 'approval-request')[0]!.requests).to.deep.equal([{ callId: 'c1', name: 'add_to_cart', args: { item: 'tea', qty: 2 } }]);
    expect(ofType(events, 'tool-result')).to.deep.equal([{ type: 'tool-result', callId: 'c1', name: 'add_to_cart', status: 'ok', result: { added: 'tea', qty: 2 } }]);
    expect(ofType(events, 'iteration').map((e) => e.n)).to.deep.equal([1, 2]);
    const [first, second] = await server.log();
    expect(first!.input.tools).to.deep.equal([{ name: 'add_to_cart', description: 'Adds an item to the cart', parameters: (first!.input.tools[0] as { parameters: unknown }).parameters }]);
    expect((first!.input.tools[0]!.parameters as { properties: object }).properties).to.have.keys('item', 'qty');
    const tool = second!.input.messages.find((m) => m.role === 'tool')!;
    expect(tool).to.deep.include({ toolCallId: 'c1', content: '{"added":"tea","qty":2}' });
    expect(second!.input.messages.find((m) => m.role === 'assistant')).to.deep.include({ id: 'm1', content: 'Adding it.', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'add_to_cart', arguments: '{"item":"tea","qty":2}' } }] });
    // One conversation: every call answered once.
    const history = await agent.messages();
    expect(history.filter((m) => m.role === 'tool').map((m) => m.role === 'tool' && m.tool_call_id)).to.deep.equal(['c1']);
    expect(ofType(events, 'final')).to.have.length(1);
  });

  it('sends a denial as the call\'s result, with the user\'s reason', async () => {
    const server = await aguiScript([run(toolCall('c1', 'add_to_cart', { item: 'tea', qty: 2 })), run(text('m2', 'OK, I did not add it.'))]);
    const seen: unknown[] = [];
    const { agent, events } = remoteAgent({ url: server.url }, { tools: [pageTool(true, seen)], answer: () => ({ approve: false, message: 'not now' }) });
    await agent.send('Add tea').done;
    expect(seen).to.deep.equal([]);
    expect(ofType(events, 'tool-result')[0]).to.deep.include({ callId: 'c1', status: 'denied', error: 'not now' });
    const tool = (await server.log())[1]!.input.messages.find((m) => m.role === 'tool')!;
    expect(tool.content).to.equal('The user denied this call to "add_to_cart". They said: not now Do not retry it unchanged.');
  });

  it('runs the arguments the user edited, and the next run reads the call as it ran', async () => {
    const server = await aguiScript([run(toolCall('c1', 'add_to_cart', { item: 'tea', qty: 2 })), run(text('m2', 'Added.'))]);
    const seen: unknown[] = [];
    const { agent } = remoteAgent({ url: server.url }, { tools: [pageTool(true, seen)], answer: () => ({ approve: true, args: { item: 'tea', qty: 5 } }) });
    await agent.send('Add tea').done;
    expect(seen).to.deep.equal([{ item: 'tea', qty: 5 }]);
    const messages = (await server.log())[1]!.input.messages;
    expect(messages.find((m) => m.role === 'assistant')!.toolCalls).to.deep.equal([{ id: 'c1', type: 'function', function: { name: 'add_to_cart', arguments: '{"item":"tea","qty":5}' } }]);
    expect(String(messages.find((m) => m.role === 'tool')!.content)).to.contain('The user edited this call');
  });

  it('asks the same policy: approval "auto" runs the call unasked, "Always allow" covers later calls', async () => {
    const server = await aguiScript([run(toolCall('c1', 'add_to_cart', { item: 'a', qty: 1 })), run(toolCall('c2', 'add_to_cart', { item: 'b', qty: 1 })), run(text('m3', 'Both added.'))]);
    const seen: unknown[] = [];
    const { agent, events } = remoteAgent({ url: server.url }, { tools: [pageTool(true, seen)], answer: () => ({ approve: true, always: true }) });
    await agent.send('Add a and b').done;
    expect(seen).to.have.length(2);
    // Asked once: "always" let the second through.
    expect(ofType(events, 'approval-request')).to.have.length(1);
    expect(await agent.permissions()).to.deep.equal(['add_to_cart']);
  });

  it('answers a call of a tool the page does not have with an error, and goes on', async () => {
    const server = await aguiScript([run(toolCall('c1', 'launch_rocket', {})), run(text('m2', 'I cannot launch rockets here.'))]);
    const { agent, events } = remoteAgent({ url: server.url });
    expect(await agent.send('Launch').done).to.deep.include({ reason: 'answer' });
    expect(ofType(events, 'tool-result')[0]).to.deep.include({ callId: 'c1', status: 'error' });
    expect(String((await server.log())[1]!.input.messages.find((m) => m.role === 'tool')!.content)).to.contain('Unknown tool "launch_rocket"');
  });

  it('believes the pending calls a server lists, and answers any other call it left open as failed', async () => {
    const server = await aguiScript([run([...toolCall('c1', 'add_to_cart', { item: 'x', qty: 1 }), ...toolCall('c2', 'add_to_cart', { item: 'y', qty: 1 })], { outcome: { type: 'success', pendingToolCallIds: ['c2'] } }), run(text('m2', 'ok'))]);
    const seen: unknown[] = [];
    const { agent, events } = remoteAgent({ url: server.url }, { tools: [pageTool(false, seen)] });
    await agent.send('go').done;
    expect(seen).to.deep.equal([{ item: 'y', qty: 1 }]);
    expect(ofType(events, 'tool-result').map((e) => [e.callId, e.status])).to.deep.equal([['c2', 'ok'], ['c1', 'error']]);
    const tools = (await server.log())[1]!.input.messages.filter((m) => m.role === 'tool').map((m) => m.toolCallId);
    expect(tools).to.have.members(['c1', 'c2']);
  });

  it('stops at maxIterations remote runs', async () => {
    const loop = run(toolCall('cX', 'add_to_cart', { item: 'x', qty: 1 }));
    const server = await aguiScript([{ events: loop.events!.map((e) => (e.toolCallId ? { ...e, toolCallId: 'c1' } : e)) }, { events: loop.events!.map((e) => (e.toolCallId ? { ...e, toolCallId: 'c2' } : e)) }]);
    const { agent } = remoteAgent({ url: server.url }, { tools: [pageTool(false, [])], maxIterations: 2 });
    expect((await agent.send('loop').done).reason).to.equal('max_iterations');
    expect(await server.log()).to.have.length(2);
  });
});

describe('AG-UI client: what the server does itself', () => {
  it('shows a server-side tool call with its TOOL_CALL_RESULT, and keeps both in the history', async () => {
    const server = await aguiScript([run([...toolCall('s1', 'weather', { city: 'Oslo' }), { type: 'TOOL_CALL_RESULT', messageId: 't1', toolCallId: 's1', content: '{"temperature":12}' }, ...text('m2', 'It is 12 degrees.')])]);
    const { agent, events } = remoteAgent({ url: server.url });
    expect(await agent.send('Weather?').done).to.deep.include({ reason: 'answer', text: 'It is 12 degrees.' });
    expect(ofType(events, 'tool-call')[0]).to.deep.include({ callId: 's1', name: 'weather', args: { city: 'Oslo' } });
    expect(ofType(events, 'tool-result')[0]).to.deep.include({ callId: 's1', name: 'weather', status: 'ok', result: { temperature: 12 } });
    const history = await agent.messages();
    expect(history.map((m) => m.role)).to.deep.equal(['user', 'assistant', 'tool', 'assistant']);
    expect(history[2]).to.deep.equal({ role: 'tool', tool_call_id: 's1', content: '{"temperature":12}' });
  });

  it('takes MESSAGES_SNAPSHOT as the history it covers, showing what nothing streamed', async () => {
    const server = await aguiScript([
      run([{ type: 'MESSAGES_SNAPSHOT', messages: [{ id: 'u-server', role: 'user', content: 'Earlier question' }, { id: 'a-server', role: 'assistant', content: 'Earlier answer, never streamed.' }] }]),
    ]);
    const { agent, events } = remoteAgent({ url: server.url });
    await agent.send('Now').done;
    expect(ofType(events, 'text').map((e) => e.delta).join('')).to.contain('Earlier answer, never streamed.');
    // The snapshot is the whole conversation the server owns: the history is what it says, our message kept where it said.
    const history = await agent.messages();
    expect(history.map((m) => m.content)).to.deep.equal(['Earlier question', 'Earlier answer, never streamed.']);
  });

  it('renders activities as they change, snapshot then JSON Patch delta', async () => {
    const server = await aguiScript([
      run([
        { type: 'ACTIVITY_SNAPSHOT', messageId: 'act1', activityType: 'progress', content: { step: 'searching', done: 0 } },
        { type: 'ACTIVITY_DELTA', messageId: 'act1', activityType: 'progress', patch: [{ op: 'replace', path: '/done', value: 3 }] },
        ...text('m1', 'Found 3.'),
      ]),
    ]);
    const { agent, events } = remoteAgent({ url: server.url });
    await agent.send('Search').done;
    expect(ofType(events, 'activity').map((e) => e.content)).to.deep.equal([{ step: 'searching', done: 0 }, { step: 'searching', done: 3 }]);
    expect(ofType(events, 'activity')[0]).to.deep.include({ messageId: 'act1', activityType: 'progress' });
    // Activities are events, not history.
    expect((await agent.messages()).map((m) => m.role)).to.deep.equal(['user', 'assistant']);
  });

  it('reports the run\'s usage', async () => {
    const server = await aguiScript([run(text('m1', 'ok'), { usage: [{ inputTokens: 100, outputTokens: 7 }, { inputTokens: 20, outputTokens: 3 }] })]);
    const { agent, events } = remoteAgent({ url: server.url });
    await agent.send('hi').done;
    expect(ofType(events, 'usage')).to.deep.equal([{ type: 'usage', promptTokens: 120, completionTokens: 10 }]);
  });
});

describe('AG-UI client: mixed mode (subAgents.agui)', function () {
  // The first run loads the AG-UI client's chunk cold (dev server, unbundled), slow on a loaded machine.
  this.timeout(60_000);
  it('sends a dispatch_agent task to the remote agent, offers it the read-only page tools, and hands its answer back marked untrusted', async () => {
    const server = await aguiScript([run(toolCall('r1', 'lookup', { q: 'order 7' })), run(text('m1', 'Order 7 ships Friday.'))]);
    const lookup = defineTool({ name: 'lookup', description: 'Looks an order up', parameters: z.object({ q: z.string() }), readOnly: true, execute: async () => 'order 7: packed' });
    const save = defineTool({ name: 'save_order', description: 'Saves', parameters: z.object({ q: z.string() }), execute: async () => 'saved' });
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'When does order 7 ship?' } }]), textTurn('Friday.')] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', tools: [lookup, save], subAgents: { agui: { url: server.url } } });
    try {
      const events: AgentEvent[] = [];
      agent.on((e) => events.push(e));
      expect(await agent.send('Order 7?').done).to.deep.include({ reason: 'answer', text: 'Friday.' });
      const [first, second] = await server.log();
      expect(first!.input.messages.map((m) => [m.role, m.content])).to.deep.equal([['user', 'When does order 7 ship?']]);
      expect(first!.input.tools.map((t) => t.name)).to.include('lookup').and.not.include('save_order');
      expect(second!.input.messages.find((m) => m.role === 'tool')).to.deep.include({ toolCallId: 'r1', content: 'order 7: packed' });
      const result = ofType(events, 'tool-result').find((e) => e.callId === 'd1');
      expect(result).to.deep.include({ status: 'ok' });
      expect(String(result!.status === 'ok' && result!.result)).to.contain('Order 7 ships Friday.');
      // The parent's model read the remote answer, fenced as outside content.
      const parentSecond = (await mock.log()).filter((e) => e.path.endsWith('/chat/completions'))[1]!;
      const tool = (parentSecond.body as { messages: Array<{ role: string; content: string }> }).messages.find((m) => m.role === 'tool')!;
      expect(tool.content).to.contain('Order 7 ships Friday.').and.not.equal('Order 7 ships Friday.');
    } finally {
      agent.dispose();
    }
  });
});
