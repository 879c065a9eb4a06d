// MCP elicitation (form mode) through the agent's API, against a real SDK
// server whose tool asks the user (test/support/mcp-servers.js `elicit`): the
// question arrives as an `mcp-elicitation` event with its form, a bad answer
// is refused and the question stays open, the accepted answer (with the
// schema's defaults filled in for fields left out) reaches the server, and a
// decline does too; each question ends with `mcp-elicitation-end`.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, McpElicitation } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

type Recorded = { http: string; rpc: string[]; note?: string; body?: { params?: { capabilities?: unknown } } };
let url: string;
before(async () => {
  url = ((await (await fetch('/__mcp/servers')).json()) as Record<string, string>).elicit!;
});
beforeEach(() => fetch('/__mcp/reset?server=elicit'));
const requests = async (): Promise<Recorded[]> => (await fetch('/__mcp/requests?server=elicit')).json();

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

async function bookingRun(answer: (agent: Agent, request: McpElicitation) => Promise<void>) {
  const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'elicit_book', args: {} }]), textTurn('Done.')] });
  const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', mcp: [{ url, name: 'elicit' }] });
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => {
    events.push(e);
    if (e.type === 'mcp-elicitation') void answer(agent, e.request);
  });
  const run = await agent.send('Book a table').done;
  const result = events.find((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
  return { run, events, result: String(result?.result) };
}

describe('MCP elicitation (form mode)', () => {
  it('asks with the form; a bad answer is refused and the question stays; the accepted one reaches the server, defaults filled in', async () => {
    const refusals: string[] = [];
    const { run, events, result } = await bookingRun(async (agent, request) => {
      await agent.mcp.answerElicitation(request.id, { action: 'accept', content: { day: 'monday' } }).catch((err: Error) => refusals.push(err.message));
      await agent.mcp.answerElicitation(request.id, { action: 'accept', content: { seats: 2.5, day: 'friday' } }).catch((err: Error) => refusals.push(err.message));
      await agent.mcp.answerElicitation(request.id, { action: 'accept', content: { day: 'saturday', seats: 4 } });
    });
    expect(run.reason).to.equal('answer');
    const asked = events.find((e): e is Extract<AgentEvent, { type: 'mcp-elicitation' }> => e.type === 'mcp-elicitation')!.request;
    expect({ server: asked.server, message: asked.message, required: asked.required }).to.deep.equal({ server: 'elicit', message: 'Which day, and for how many?', required: ['day', 'seats'] });
    expect(asked.fields.day).to.deep.equal({ type: 'string', title: 'Day', enum: ['friday', 'saturday'], enumNames: ['Friday', 'Saturday'] });
    expect(asked.fields.seats).to.include({ type: 'integer', default: 2, minimum: 1, maximum: 8 });
    expect(refusals).to.have.length(2);
    expect(refusals[0]).to.contain('"day"').and.contain('friday, saturday');
    expect(refusals[1]).to.contain('"seats"').and.contain('integer');
    // `terrace` was left out: the client package filled in its default (SEP-1034) before answering.
    const note = (await requests()).find((r) => r.note?.startsWith('elicit:'))!.note!;
    expect(JSON.parse(note.slice('elicit: '.length))).to.deep.equal({ action: 'accept', content: { day: 'saturday', seats: 4, terrace: false } });
    expect(result).to.contain('booked');
    const end = events.find((e): e is Extract<AgentEvent, { type: 'mcp-elicitation-end' }> => e.type === 'mcp-elicitation-end');
    expect(end).to.deep.include({ id: asked.id, action: 'accept' });
    // Only form mode is declared, with defaults applied.
    const init = (await requests()).find((r) => r.rpc.includes('initialize'));
    expect(init?.body?.params?.capabilities).to.deep.equal({ elicitation: { form: { applyDefaults: true } } });
  });

  it('a decline reaches the server; answering a settled question is refused', async () => {
    let late = '';
    const { result, events } = await bookingRun(async (agent, request) => {
      await agent.mcp.answerElicitation(request.id, { action: 'decline' });
      await agent.mcp.answerElicitation(request.id, { action: 'accept', content: { day: 'friday', seats: 1 } }).catch((err: Error) => (late = err.message));
    });
    expect(result).to.contain('not booked (decline)');
    expect(late).to.contain('answered already');
    expect(events.filter((e) => e.type === 'mcp-elicitation-end').map((e) => (e as { action: string }).action)).to.deep.equal(['decline']);
  });

  it('in the 2026-07-28 revision the question comes as an input_required result; the call is made again with the answer', async () => {
    const modern = ((await (await fetch('/__mcp/servers')).json()) as Record<string, string>)['modern-elicit']!;
    await fetch('/__mcp/reset?server=modern-elicit');
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'modern_book', args: {} }]), textTurn('Done.')] });
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', mcp: [{ url: modern, name: 'modern' }] });
    agents.push(agent);
    const events: AgentEvent[] = [];
    agent.on((e) => {
      events.push(e);
      if (e.type === 'mcp-elicitation') void agent.mcp.answerElicitation(e.request.id, { action: 'accept', content: { day: 'friday' } });
    });
    await agent.send('Book a table').done;
    expect((await agent.mcp.status())[0]?.protocolVersion).to.equal('2026-07-28');
    const asked = events.find((e): e is Extract<AgentEvent, { type: 'mcp-elicitation' }> => e.type === 'mcp-elicitation')!.request;
    expect(asked.fields.day?.enum).to.deep.equal(['friday', 'saturday']);
    const result = events.find((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
    expect(String(result?.result)).to.contain('booked {"day":"friday","seats":2}');
    type Call = { rpc: string[]; body?: { params?: { inputResponses?: Record<string, unknown> } } };
    const calls = ((await (await fetch('/__mcp/requests?server=modern-elicit')).json()) as Call[]).filter((r) => r.rpc.includes('tools/call'));
    expect(calls.map((c) => Object.keys(c.body?.params?.inputResponses ?? {}))).to.deep.equal([[], ['details']]);
  });

  it('refuses a malformed answer at the call site', async () => {
    const agent = createAgent({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', mcp: [{ url, name: 'elicit' }] });
    agents.push(agent);
    expect(() => agent.mcp.answerElicitation('x', { action: 'maybe' } as never)).to.throw(TypeError, /accept/);
    expect(() => agent.mcp.answerElicitation('', { action: 'cancel' })).to.throw(TypeError, /question id/);
  });
});
