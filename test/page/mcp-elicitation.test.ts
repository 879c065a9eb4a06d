// MCP elicitation (form mode) through the agent's API, against a real SDK
// server whose tool asks the user (test/support/mcp-servers.js `elicit`): the
// question arrives as an `mcp-elicitation` event with its form (every field
// type of the spec's schema), a bad answer is refused and the question stays
// open, the accepted answer reaches the server (with the schema's defaults
// filled in for fields left out, SEP-1034), and a decline does too; each question ends with
// `mcp-elicitation-end`. A question no form can show as asked is declined at
// once, with its reason for the server and an `mcp-elicitation-declined` event.
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

async function bookingRun(answer: (agent: Agent, request: McpElicitation) => Promise<void>, tool = 'elicit_book', args: Record<string, unknown> = {}) {
  const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: tool, args }]), textTurn('Done.')] });
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
    // Of elicitation, only form mode is declared, with defaults applied (beside it: the A2UI catalogs the client draws).
    const init = (await requests()).find((r) => r.rpc.includes('initialize'));
    const { elicitation, ...others } = (init?.body?.params?.capabilities ?? {}) as Record<string, unknown>;
    expect(elicitation).to.deep.equal({ form: { applyDefaults: true } });
    expect(Object.keys(others).sort()).to.deep.equal(['a2ui', 'experimental']);
  });

  it('every field type of the spec arrives as a field the element can draw; the answer is checked against each, and reaches the server exactly', async () => {
    const refusals: string[] = [];
    let asked: McpElicitation | undefined;
    const good = { name: 'Grace', email: 'grace@example.org', site: 'https://example.org/a', day: '2026-12-31', at: '2026-12-31T19:30:00.000Z', seats: 3, budget: 80.5, terrace: false, size: 'l', room: 'cellar', wine: 'white', extras: ['olives', 'cake'] };
    const { run } = await bookingRun(async (agent, request) => {
      asked = request;
      const bad: Record<string, unknown>[] = [
        { name: 'A' }, { email: 'not-an-address' }, { site: 'no scheme' }, { day: '2026-02-30' }, { at: '2026-12-31 7pm' }, { seats: 9 }, { budget: -1 },
        { room: 'Garden room' }, { extras: [] }, { extras: ['bread', 'olives', 'cake'] }, { extras: ['bread', 'bread'] }, { diets: ['vegan'] }, { terrace: 'yes' },
      ];
      for (const content of bad) await agent.mcp.answerElicitation(request.id, { action: 'accept', content: { ...good, ...content } as never }).catch((err: Error) => refusals.push(err.message));
      await agent.mcp.answerElicitation(request.id, { action: 'accept', content: good });
    }, 'elicit_survey');
    expect(run.reason).to.equal('answer');
    expect(refusals, refusals.join('\n')).to.have.length(13);
    expect(refusals[0]).to.contain('"name"').and.contain('from 2 to 20 characters');
    expect(refusals[1]).to.contain('email address');
    expect(refusals[3]).to.contain('a date (YYYY-MM-DD)');
    expect(refusals[8]).to.contain('"extras"').and.contain('from 1 to 2 of them');
    const f = asked!.fields;
    expect(f.name).to.deep.equal({ type: 'string', title: 'Name', minLength: 2, maxLength: 20, default: 'Ada' });
    expect([f.email?.format, f.site?.format, f.day?.format, f.at?.format]).to.deep.equal(['email', 'uri', 'date', 'date-time']);
    expect(f.day?.default).to.equal('2026-12-24');
    expect(f.seats).to.deep.equal({ type: 'integer', title: 'Seats', minimum: 1, maximum: 8, default: 2 });
    expect(f.budget).to.deep.equal({ type: 'number', title: 'Budget', minimum: 0 });
    expect(f.terrace).to.deep.equal({ type: 'boolean', title: 'Terrace', default: true });
    expect(f.size).to.deep.equal({ type: 'string', title: 'Table size', enum: ['s', 'm', 'l'], default: 'm' });
    expect(f.room).to.deep.equal({ type: 'string', title: 'Room', enum: ['garden', 'cellar'], enumNames: ['Garden room', 'Cellar'] });
    expect(f.wine).to.deep.equal({ type: 'string', title: 'Wine', enum: ['red', 'white'], enumNames: ['Red wine', 'White wine'] });
    expect(f.extras).to.deep.equal({ type: 'array', title: 'Extras', enum: ['bread', 'olives', 'cake'], minItems: 1, maxItems: 2, default: ['bread'] });
    expect(f.diets).to.deep.equal({ type: 'array', title: 'Diets', enum: ['veg', 'gf'], enumNames: ['Vegetarian', 'Gluten-free'], default: ['gf'] });
    expect(asked!.required).to.deep.equal(['name', 'seats', 'extras']);
    // `diets` was left out: the client package filled in its default (SEP-1034), a multiple choice's too; the server validated it all.
    const note = (await requests()).find((r) => r.note?.startsWith('survey:'))!.note!;
    expect(JSON.parse(note.slice('survey: '.length))).to.deep.equal({ action: 'accept', content: { ...good, diets: ['gf'] } });
  });

  for (const [shape, why] of [
    ['no-choices', 'field "pick" is a choice with no choices'],
    ['ghost-required', 'it requires "b", which it does not ask for'],
    ['too-few', 'field "pick" asks for a list of distinct choices among x of at least 2 of them: there is none'],
  ] as const) {
    it(`a question no form can show as asked (${shape}) is declined at once; the server gets the reason, the page an event`, async () => {
      const { events, result } = await bookingRun(async () => {}, 'elicit_odd', { shape });
      expect(events.some((e) => e.type === 'mcp-elicitation')).to.equal(false);
      const declined = events.find((e): e is Extract<AgentEvent, { type: 'mcp-elicitation-declined' }> => e.type === 'mcp-elicitation-declined');
      expect(declined).to.deep.include({ server: 'elicit', message: `Odd question (${shape})` });
      expect(declined!.reason).to.contain(why);
      const note = (await requests()).find((r) => r.note?.startsWith('odd:'))!.note!;
      expect(JSON.parse(note.slice('odd: '.length))).to.deep.equal({ action: 'decline', _meta: { 'pageloop/reason': declined!.reason } });
      expect(result).to.contain('decline');
    });
  }

  it('a form outside the spec (a nested object) is refused by the client package: the server gets its error, the user is told', async () => {
    const { events, result } = await bookingRun(async () => {}, 'elicit_odd', { shape: 'nested' });
    expect(events.some((e) => e.type === 'mcp-elicitation')).to.equal(false);
    const declined = events.find((e): e is Extract<AgentEvent, { type: 'mcp-elicitation-declined' }> => e.type === 'mcp-elicitation-declined');
    expect(declined).to.deep.include({ server: 'elicit', message: 'Odd question (nested)' });
    expect(declined!.reason).to.contain('not one the MCP spec allows').and.contain('Invalid elicitation request');
    const note = JSON.parse((await requests()).find((r) => r.note?.startsWith('odd:'))!.note!.slice('odd: '.length)) as { error?: string };
    expect(note.error).to.contain('Invalid elicitation request');
    expect(result).to.contain('Invalid elicitation request');
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
