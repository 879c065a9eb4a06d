// Workflows from the API (`agent.runWorkflow`) against the mock endpoint:
// the run's goal and steps reach the model, the template's tools restrict
// what is offered, planning turns the steps into the initial plan, and an
// unknown name is a coded error with nothing sent.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { PageloopError } from '../../src/errors.js';
import type { Agent, AgentEvent, AgentOptions, WorkflowTemplate } from '../../src/types.js';
import { mockEndpoint, type MockLogEntry } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

const listOrders = defineTool({ name: 'list_orders', description: 'Lists orders', parameters: z.object({}), execute: () => [{ id: '1', status: 'pending' }] });
const notify = defineTool({ name: 'notify', description: 'Writes to a customer', parameters: z.object({ text: z.string() }), execute: () => 'sent' });

const followUp: WorkflowTemplate = {
  description: 'Follow up on pending orders.',
  steps: ['List the pending orders', 'Draft a note for each customer'],
  tools: ['list_orders'],
};

const agents: Agent[] = [];
function agentFor(baseURL: string, options: Partial<AgentOptions> = {}): Agent {
  const agent = createAgent({ baseURL, model: 'mock-model', tools: [listOrders, notify], workflows: { 'follow-up': followUp }, ...options });
  agents.push(agent);
  return agent;
}
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

async function collect(run: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const e of run) events.push(e);
  return events;
}
interface Body {
  messages: { role: string; content: string }[];
  tools?: { function: { name: string } }[];
}
const bodies = (log: MockLogEntry[]) => log.filter((e) => e.path.endsWith('/chat/completions')).map((e) => e.body as Body);

describe('agent.runWorkflow', () => {
  it('starts a run whose message states the goal, the input and the numbered steps, and says which workflow', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Two orders wait.')] });
    const agent = agentFor(mock.baseURL);
    const events = await collect(agent.runWorkflow('follow-up', 'only this week'));
    expect(events[0]).to.deep.include({ type: 'run-start', workflow: 'follow-up', input: 'only this week' });
    expect(events.some((e) => e.type === 'plan'), 'no plan without planning').to.equal(false);
    const [body] = bodies(await mock.log());
    const message = body!.messages.at(-1)!;
    expect(message.role).to.equal('user');
    expect(message.content).to.equal('Workflow "follow-up": Follow up on pending orders.\nInput: only this week\n\nSteps:\n1. List the pending orders\n2. Draft a note for each customer');
    expect(events.at(-1)).to.deep.include({ type: 'final', reason: 'answer' });
  });

  it("offers only the template's tools in that run (built-ins stay), and every tool in the next", async () => {
    const mock = await mockEndpoint({ turns: [textTurn('a'), textTurn('b')] });
    const agent = agentFor(mock.baseURL);
    await agent.runWorkflow('follow-up').done;
    await agent.send('and now?').done;
    const [workflow, next] = bodies(await mock.log()).map((b) => (b.tools ?? []).map((t) => t.function.name));
    expect(workflow).to.include('list_orders').and.include('task_complete').and.not.include('notify');
    expect(next).to.include.members(['list_orders', 'notify']);
  });

  it('with planning, emits the steps as the initial plan (all pending) before the model is asked', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('On it.')] });
    const agent = agentFor(mock.baseURL, { planning: true });
    const events = await collect(agent.runWorkflow('follow-up'));
    const plan = events.find((e) => e.type === 'plan');
    expect(plan).to.deep.equal({
      type: 'plan',
      tasks: [
        { id: '1', title: 'List the pending orders', status: 'pending' },
        { id: '2', title: 'Draft a note for each customer', status: 'pending' },
      ],
    });
    expect(events.findIndex((e) => e.type === 'plan')).to.be.lessThan(events.findIndex((e) => e.type === 'iteration'));
    const [body] = bodies(await mock.log());
    expect(body!.messages.at(-1)!.content).to.contain('already your plan');
    // Stored with the thread's events, so a reload shows it.
    expect((await agent.events()).filter((e) => e.type === 'plan')).to.have.length(1);
  });

  it("with planning 'first', the initial plan counts: the model's first tool call runs", async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'l1', name: 'list_orders', args: {} }]), textTurn('One is pending.')] });
    const agent = agentFor(mock.baseURL, { planning: 'first' });
    const events = await collect(agent.runWorkflow('follow-up'));
    expect(events.find((e) => e.type === 'tool-result')).to.deep.include({ callId: 'l1', status: 'ok' });
  });

  it('refuses an unknown workflow with code unknown-workflow, sending nothing', async () => {
    const mock = await mockEndpoint({ turns: [] });
    const agent = agentFor(mock.baseURL);
    let error: unknown;
    try {
      agent.runWorkflow('follow-upp');
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(PageloopError);
    expect((error as PageloopError).code).to.equal('unknown-workflow');
    expect((error as Error).message).to.contain('"follow-upp"').and.contain('Workflows: follow-up');
    await agent.ready;
    expect(agent.running).to.equal(false);
    expect(bodies(await mock.log())).to.have.length(0);
    expect(await agent.messages()).to.deep.equal([]);
  });

  it('refuses bad templates when the agent is created', () => {
    const make = (workflows: unknown) => () => createAgent({ baseURL: '/x/v1', model: 'm', workflows: workflows as Record<string, WorkflowTemplate> });
    expect(make({ 'a b': followUp })).to.throw(TypeError, /name is letters/);
    expect(make({ a: { description: 'x', steps: [] } })).to.throw(TypeError, /steps must be a non-empty array/);
    expect(make({ a: { steps: ['x'] } })).to.throw(TypeError, /description/);
  });

  it('passes run options through, and refuses a template naming a tool the agent lacks', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('a')] });
    const agent = agentFor(mock.baseURL, { workflows: { 'follow-up': followUp, broken: { description: 'x', steps: ['y'], tools: ['nope'] } } });
    expect(() => agent.runWorkflow('broken')).to.throw(TypeError, /no tool "nope"/);
    await agent.runWorkflow('follow-up', undefined, { model: 'big-model' }).done;
    const log = await mock.log();
    expect((log.find((e) => e.path.endsWith('/chat/completions'))!.body as { model: string }).model).to.equal('big-model');
  });
});
