// The library side of generative UI, without the element: the app's state as
// context per request, tools added and removed while the agent lives, and
// tools that wait for the user answered through `agent.answer`.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { Agent, AgentEvent, AgentOptions } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

const agents: Agent[] = [];
function agentFor(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', ...options });
  agents.push(agent);
  return agent;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

type Body = { messages: Array<{ role: string; content: string }>; tools?: Array<{ function: { name: string } }> };
const systemOf = (body: unknown) => (body as Body).messages.find((m) => m.role === 'system')!.content;
const toolNamesOf = (body: unknown) => ((body as Body).tools ?? []).map((t) => t.function.name).filter((n) => !['task_complete', 'ask_question', 'converse'].includes(n));

describe('agent.context: the app state, per request', () => {
  it('sends each request the state as it is when that request is built, never stored as text', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'open_order', args: { id: 8 } }]), textTurn('Order 8 is open.'), textTurn('You are an admin.')] });
    const openOrder = defineTool({
      name: 'open_order',
      description: 'Opens an order on screen',
      parameters: z.object({ id: z.number() }),
      execute: ({ id }) => {
        // The app's state changes while the run goes: the next request must see it.
        live.context.set('openOrder', { id, customer: 'Ada' }, { description: 'the order on screen' });
        return 'opened';
      },
    });
    const live = agentFor(mock.baseURL, { tools: [openOrder] });
    live.context.set('openOrder', { id: 7, customer: 'Grace' }, { description: 'the order on screen' });
    live.context.set('role', 'viewer');
    await live.send('Open order 8.').done;
    live.context.set('role', 'admin');
    expect(live.context.delete('openOrder')).to.equal(true);
    await live.send('Who am I?').done;

    const log = await mock.log();
    expect(systemOf(log[0]!.body)).to.contain('- openOrder (the order on screen): {"id":7,"customer":"Grace"}').and.to.contain('- role: "viewer"');
    expect(systemOf(log[1]!.body)).to.contain('- openOrder (the order on screen): {"id":8,"customer":"Ada"}');
    expect(systemOf(log[2]!.body)).to.contain('- role: "admin"').and.not.to.contain('openOrder');
    const history = await live.messages();
    expect(JSON.stringify(history)).not.to.contain('Grace');
    expect(live.context.entries().map((e) => e.name)).to.deep.equal(['role']);
  });

  it('bounds a huge value: cut with a note, far from the whole window', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('ok')] });
    const agent = agentFor(mock.baseURL, { contextTokens: 4096 });
    agent.context.set('small', { filter: 'open' });
    agent.context.set('everything', 'x'.repeat(200_000), { description: 'a dump' });
    await agent.send('hi').done;
    const system = systemOf((await mock.log())[0]!.body);
    expect(system).to.contain('- small: {"filter":"open"}');
    expect(system).to.match(/more characters; too large for the context\]/);
    // An eighth of 4096 tokens, at 3 characters a token, plus the prompt's own rules.
    expect(system.length).to.be.lessThan(4096 / 8 * 3 + 2_500);
  });

  it('refuses a value without a JSON form, with a clear error, keeping the old one', () => {
    const agent = agentFor('http://localhost:9/v1');
    agent.context.set('n', 1);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => agent.context.set('n', loop)).to.throw(TypeError, /cannot be sent to the model as JSON/);
    expect(() => agent.context.set('bad name!', 1)).to.throw(TypeError, /name must be/);
    expect(agent.context.get('n')).to.equal(1);
  });
});

describe('tools that come and go', () => {
  it('a tool added or removed takes effect at the next request; a call to a removed tool gets a clear error', async () => {
    const ran: string[] = [];
    const tool = (name: string) => defineTool({ name, description: `The ${name} tool`, parameters: z.object({}), execute: () => (ran.push(name), `${name} done`) });
    const mock = await mockEndpoint({
      turns: [
        textTurn('First.'),
        // The model calls the tool it was offered, which the page removed meanwhile.
        toolCallTurn([{ name: 'section_tool', args: {}, id: 'call_gone' }]),
        textTurn('It was gone.'),
      ],
    });
    const agent = agentFor(mock.baseURL, { tools: [tool('base_tool')] });
    const remove = agent.addTool(tool('section_tool'));
    expect(() => agent.addTool(tool('section_tool'))).to.throw(TypeError, /already has a tool named "section_tool"/);
    await agent.send('one').done;
    remove();
    expect(agent.tools.map((t) => t.name)).to.deep.equal(['base_tool']);
    const events: AgentEvent[] = [];
    const off = agent.on((e) => events.push(e));
    await agent.send('two').done;
    off();

    const log = await mock.log();
    expect(toolNamesOf(log[0]!.body)).to.deep.equal(['base_tool', 'section_tool']);
    expect(toolNamesOf(log[1]!.body)).to.deep.equal(['base_tool']);
    const result = events.find((e) => e.type === 'tool-result');
    expect(result).to.include({ status: 'error', callId: 'call_gone' });
    expect((result as { error: string }).error).to.match(/Unknown tool "section_tool"|removed/);
    expect(ran).to.deep.equal([]);
    // setTools replaces the tools set; added ones stay.
    agent.addTool(tool('again'));
    agent.setTools([tool('other')]);
    expect(agent.tools.map((t) => t.name)).to.deep.equal(['other', 'again']);
    expect(agent.removeTool('other')).to.equal(true);
    expect(agent.removeTool('other')).to.equal(false);
  });

  it('a tool removed while its call is on the way is answered with the removal, not run', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'panel_tool', args: {}, id: 'call_late' }], { delayMs: 30 }), textTurn('ok')] });
    let ran = false;
    const panel = defineTool({ name: 'panel_tool', description: 'Only while the panel is open', parameters: z.object({}), execute: () => (ran = true) });
    const agent = agentFor(mock.baseURL);
    const remove = agent.addTool(panel);
    const events: AgentEvent[] = [];
    agent.on((e) => {
      events.push(e);
      // The panel closes as the model starts writing the call: the worker still lists the tool.
      if (e.type === 'tool-call-delta') remove();
    });
    await agent.send('go').done;
    const result = events.find((e) => e.type === 'tool-result') as { status: string; error: string };
    expect(result.status).to.equal('error');
    expect(result.error).to.match(/was removed by the page while the agent was working|Unknown tool/);
    expect(ran).to.equal(false);
  });
});

describe('tools that wait for the user, without the element', () => {
  const confirmAddress = () =>
    defineTool({
      name: 'confirm_address',
      description: 'Ask the user to confirm or edit the address',
      parameters: z.object({ street: z.string(), city: z.string() }),
      result: z.object({ street: z.string(), city: z.string() }),
      render: () => null,
    });

  it('an input-request event says a call waits; agent.answer answers it', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'confirm_address', args: { street: '1 Main St', city: 'Bath' }, id: 'call_addr' }]), textTurn('Shipping to 2 Main St.')] });
    const agent = agentFor(mock.baseURL, { tools: [confirmAddress()] });
    const events: AgentEvent[] = [];
    agent.on((e) => {
      events.push(e);
      if (e.type === 'input-request') void agent.answer(e.callId, { street: '2 Main St', city: 'Bath' });
    });
    const final = await agent.send('Ship it.').done;
    expect(final.reason).to.equal('answer');
    expect(events.find((e) => e.type === 'input-request')).to.deep.equal({ type: 'input-request', callId: 'call_addr', name: 'confirm_address', args: { street: '1 Main St', city: 'Bath' } });
    expect(events.find((e) => e.type === 'tool-result')).to.include({ status: 'ok' });
    const tool = (await agent.messages()).find((m) => m.role === 'tool')!;
    expect(JSON.parse(tool.content as string)).to.deep.equal({ street: '2 Main St', city: 'Bath' });
    expect(await agent.answer('call_addr', { street: 'x', city: 'y' })).to.equal(false);
  });

  it('defineTool refuses a tool with neither execute nor render, and a result schema beside execute', () => {
    expect(() => defineTool({ name: 'nothing', description: 'd', parameters: z.object({}) } as never)).to.throw(TypeError, /needs an execute function \(or a render function/);
    expect(() => defineTool({ name: 'both', description: 'd', parameters: z.object({}), execute: () => 1, result: z.number() })).to.throw(TypeError, /result describes the user's answer/);
  });
});
