// Per-send overrides (`send(text, options)`): they shape the requests of that
// one run, as the mock endpoint saw them, and the next run is the agent's own again.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { Agent, AgentOptions } from '../../src/types.js';
import { mockEndpoint, type MockLogEntry } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

const lookup = defineTool({ name: 'lookup', description: 'Finds an order', parameters: z.object({ id: z.string() }), execute: ({ id }) => ({ id, status: 'shipped' }) });
const notify = defineTool({ name: 'notify', description: 'Writes to a customer', parameters: z.object({ text: z.string() }), execute: () => 'sent' });

const agents: Agent[] = [];
function agentFor(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', systemPrompt: 'You are the shop assistant.', tools: [lookup, notify], ...options });
  agents.push(agent);
  return agent;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

interface Body {
  model: string;
  messages: { role: string; content: string }[];
  tools?: { function: { name: string } }[];
  tool_choice?: unknown;
}
const bodies = (log: MockLogEntry[]) => log.filter((e) => e.path.endsWith('/chat/completions')).map((e) => e.body as Body);
const toolNames = (body: Body) => (body.tools ?? []).map((t) => t.function.name);

describe('send(text, options): overrides for one run', () => {
  it('uses the model, system prompt and tools given for that run only; the next run is the agent\'s own', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('one'), textTurn('two')] });
    const agent = agentFor(mock.baseURL);
    await agent.send('first', { model: 'big-model', systemPrompt: 'Answer in French.', tools: ['lookup'] }).done;
    await agent.send('second').done;
    const [first, second] = bodies(await mock.log());
    expect(first!.model).to.equal('big-model');
    expect(first!.messages[0]!.content).to.match(/^Answer in French\./).and.not.contain('shop assistant');
    expect(toolNames(first!)).to.include('lookup').and.not.include('notify');
    expect(second!.model).to.equal('mock-model');
    expect(second!.messages[0]!.content).to.match(/^You are the shop assistant\./);
    expect(toolNames(second!)).to.include.members(['lookup', 'notify']);
  });

  it('answers a call to a tool left out of the run as unknown, without running it', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'n1', name: 'notify', args: { text: 'hi' } }]), textTurn('ok')] });
    const agent = agentFor(mock.baseURL);
    const events = [];
    for await (const e of agent.send('go', { tools: ['lookup'] })) events.push(e);
    const result = events.find((e) => e.type === 'tool-result');
    expect(result).to.deep.include({ status: 'error' });
    expect(events.some((e) => e.type === 'tool-start')).to.equal(false);
  });

  it('ends the run at its own maxIterations, and the next run has the agent\'s limit again', async () => {
    const call = (id: string) => toolCallTurn([{ id, name: 'lookup', args: { id: '1' } }]);
    const mock = await mockEndpoint({ turns: [call('a'), call('b'), call('c'), textTurn('done')] });
    const agent = agentFor(mock.baseURL, { maxIterations: 5 });
    const first = await agent.send('go', { maxIterations: 1 }).done;
    expect(first.reason).to.equal('max_iterations');
    expect(first.text).to.contain('limit of 1 step');
    const events = [];
    for await (const e of agent.send('again')) events.push(e);
    expect(events.find((e) => e.type === 'iteration')).to.deep.include({ n: 1, max: 5 });
    expect(events.at(-1)).to.deep.include({ reason: 'answer', text: 'done' });
  });

  it('sends tool_choice on the run\'s first request only', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'l1', name: 'lookup', args: { id: '1' } }]), textTurn('shipped'), textTurn('later')] });
    const agent = agentFor(mock.baseURL);
    await agent.send('where is 1?', { toolChoice: { name: 'lookup' } }).done;
    await agent.send('thanks').done;
    const [first, second, third] = bodies(await mock.log());
    expect(first!.tool_choice).to.deep.equal({ type: 'function', function: { name: 'lookup' } });
    expect(second!.tool_choice).to.equal(undefined);
    expect(third!.tool_choice).to.equal(undefined);
  });

  it("sends tool_choice 'required', and offers no tools at all with 'none'", async () => {
    const mock = await mockEndpoint({ turns: [textTurn('a'), textTurn('b')] });
    const agent = agentFor(mock.baseURL);
    await agent.send('x', { toolChoice: 'required' }).done;
    await agent.send('y', { toolChoice: 'none' }).done;
    const [required, none] = bodies(await mock.log());
    expect(required!.tool_choice).to.equal('required');
    expect(none!.tools).to.equal(undefined);
    expect(none!.tool_choice).to.equal(undefined);
  });

  it('says a forced call in the system prompt under the text protocol', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('a'), textTurn('b')] });
    const agent = agentFor(mock.baseURL, { toolProtocol: 'text' });
    await agent.send('x', { toolChoice: { name: 'lookup' } }).done;
    await agent.send('y').done;
    const [forced, free] = bodies(await mock.log());
    expect(forced!.tools).to.equal(undefined);
    expect(forced!.messages[0]!.content).to.contain('In this reply you must call the tool lookup.');
    expect(free!.messages[0]!.content).not.to.contain('you must call');
  });

  it('refuses bad options at the call, sending nothing', async () => {
    const mock = await mockEndpoint({ turns: [] });
    const agent = agentFor(mock.baseURL);
    expect(() => agent.send('x', { tools: ['nope'] })).to.throw(TypeError, /no tool "nope"/);
    expect(() => agent.send('x', { maxIterations: 0 })).to.throw(TypeError, /maxIterations/);
    expect(() => agent.send('x', { toolChoice: 'sometimes' as 'auto' })).to.throw(TypeError, /toolChoice/);
    expect(() => agent.send('x', { tools: ['lookup'], toolChoice: { name: 'notify' } })).to.throw(TypeError, /leaves out/);
    expect(() => agent.send('x', { temperature: 1 } as object)).to.throw(TypeError, /unknown option "temperature"/);
    await agent.ready;
    expect(bodies(await mock.log())).to.have.length(0);
    expect(agent.running).to.equal(false);
  });
});
