// MCP servers that attack the client (the outside probe's findings), each a
// real SDK server the test runner starts (test/support/mcp-servers.js):
// `hostile` lists tools whose schemas make a naive validator run for ever
// (backtracking patterns, a format, uniqueItems) and one that never answers;
// `broken` a $ref graph that expands exponentially, a schema 300 levels deep
// and a root that is an array, beside a good tool; `deep` a schema 3,000 levels deep; `crowd` 10,003 tools;
// `dropping` a server that dies mid-call. The agent must stay answerable:
// the bad tools are left out or their calls answered in bounded time, Stop
// always ends a run, and a dead server fails its call promptly.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, AgentOptions, McpServerStatus } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

type Recorded = { note?: string; body?: { method?: string; params?: { name?: string } } };
let urls: Record<string, string>;
before(async () => {
  urls = await (await fetch('/__mcp/servers')).json();
});
beforeEach(async () => {
  await fetch('/__mcp/reset?server=hostile,broken,deep,deep-sdk,crowd,dropping');
});
const requests = async (server: string): Promise<Recorded[]> => (await fetch(`/__mcp/requests?server=${server}`)).json();
const called = async (server: string) => (await requests(server)).filter((r) => r.note?.startsWith('called ')).map((r) => r.note!.slice('called '.length));

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

function agentWith(baseURL: string, servers: string[], options: Partial<AgentOptions> = {}) {
  const agent = createAgent({ baseURL, model: 'mock-model', mcp: servers.map((s) => ({ url: urls[s]!, name: s })), ...options });
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => events.push(e));
  return { agent, events };
}

async function settled(agent: Agent): Promise<McpServerStatus[]> {
  for (let i = 0; i < 400; i++) {
    const status = await agent.mcp.status();
    if (status.every((s) => s.state !== 'connecting')) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('MCP servers never settled');
}

const results = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
/** Resolves with what `promise` gives, or with 'still waiting' after `ms` (never a timed pass: the bound only turns a hang into a message). */
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);

/** 34 a's and a '!': `^(a+)+$` backtracks through 2^34 ways before it says no. */
const EVIL = `${'a'.repeat(34)}!`;

describe('MCP: validating a hostile server\'s schemas is bounded', () => {
  it('answers a call whose argument would make the pattern backtrack for ever, and the model can correct it', async function () {
    this.timeout(30_000);
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'bad', name: 'hostile_match_code', args: { code: EVIL } }]), toolCallTurn([{ id: 'good', name: 'hostile_match_code', args: { code: 'aaaa' } }]), textTurn('Checked.')] });
    const { agent, events } = agentWith(mock.baseURL, ['hostile']);
    await settled(agent);
    const final = await within(agent.send('Check the code').done, 15_000);
    expect(final).to.not.equal('still waiting');
    const [bad, good] = results(events);
    expect(bad).to.include({ callId: 'bad', status: 'error' });
    expect(bad!.error).to.match(/code: .*pattern/);
    expect(good).to.include({ callId: 'good', status: 'ok' });
    // The bad call never reached the server; the corrected one did.
    expect(await called('hostile')).to.deep.equal(['match_code']);
  });

  it('checks patternProperties, propertyNames patterns, format "url" and uniqueItems of a server in bounded time', async function () {
    this.timeout(60_000);
    const ids = Array.from({ length: 200_000 }, (_, i) => i);
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([
          { id: 'keys', name: 'hostile_match_keys', args: { [EVIL]: 'x' } },
          { id: 'keys-ok', name: 'hostile_match_keys', args: { aaa: 'x' } },
          { id: 'names', name: 'hostile_match_names', args: { [`${'a'.repeat(40)}!`]: 1 } },
          { id: 'url', name: 'hostile_visit', args: { site: `http://${'a'.repeat(40)}!` } },
          { id: 'url-ok', name: 'hostile_visit', args: { site: 'https://example.com/a' } },
          { id: 'unique', name: 'hostile_distinct', args: { ids } },
          { id: 'dupe', name: 'hostile_distinct', args: { ids: [1, 2, 2] } },
        ]),
        textTurn('Done.'),
      ],
    });
    const { agent, events } = agentWith(mock.baseURL, ['hostile']);
    await settled(agent);
    const final = await within(agent.send('Go').done, 40_000);
    expect(final).to.not.equal('still waiting');
    const byId = Object.fromEntries(results(events).map((r) => [r.callId, r]));
    expect(byId.keys).to.include({ status: 'error' });
    expect(byId['keys-ok']).to.include({ status: 'ok' });
    expect(byId.names).to.include({ status: 'error' });
    expect(byId.url).to.include({ status: 'error' });
    expect(byId['url-ok']).to.include({ status: 'ok' });
    expect(byId.unique).to.include({ status: 'ok' });
    expect(byId.dupe).to.include({ status: 'error' });
    expect(byId.dupe!.error).to.match(/unique|duplicate/i);
  });

  it('leaves out a tool whose $refs expand exponentially, one 300 levels deep and one whose root is an array; the rest work', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'l', name: 'broken_lookup', args: { word: 'loop' } }]), textTurn('A word.')] });
    const { agent, events } = agentWith(mock.baseURL, ['broken']);
    const [status] = await settled(agent);
    expect(status).to.include({ state: 'connected' });
    const skipped = Object.fromEntries((status!.skipped ?? []).map((s) => [s.tool, s.why]));
    expect(skipped.ref_bomb).to.match(/\$ref/);
    expect(skipped.deep_300).to.match(/nested more than/);
    expect(skipped.root_array).to.match(/array/);
    expect(status!.tools.map((t) => t.name)).to.deep.equal(['broken_lookup']);
    expect((await agent.send('Look it up').done).reason).to.equal('answer');
    expect(results(events)[0]).to.include({ status: 'ok' });
  });

  it('a schema 3,000 levels deep is left out, and the server\'s other tools work', async function () {
    this.timeout(30_000);
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'f', name: 'deep_fine', args: {} }]), textTurn('Fine.')] });
    const { agent, events } = agentWith(mock.baseURL, ['deep']);
    const final = await within(agent.send('Hi').done, 10_000);
    expect(final).to.include({ reason: 'answer' });
    const [status] = await agent.mcp.status();
    expect(status).to.include({ state: 'connected' });
    expect(status!.tools.map((t) => t.name)).to.deep.equal(['deep_fine']);
    expect(status!.skipped?.[0]).to.include({ tool: 'deep_3000' });
    expect(status!.skipped?.[0]!.why).to.match(/nested more than 64 levels/);
    expect(results(events)[0]).to.include({ status: 'ok' });
  });

  it('a server that never answers its tool list fails within the connect time (15 s), saying so, and the first message goes on without it', async function () {
    this.timeout(40_000);
    const mock = await mockEndpoint({ turns: [textTurn('Hello.')] });
    const { agent } = agentWith(mock.baseURL, ['deep-sdk']);
    const final = await within(agent.send('Hi').done, 25_000);
    expect(final).to.include({ reason: 'answer' });
    const [status] = await agent.mcp.status();
    expect(status).to.include({ state: 'failed' });
    expect(status!.error!.message).to.match(/deep-sdk/);
  });
});

describe('MCP: Stop always ends a run', () => {
  it('ends a run whose MCP call never answers, at once', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'h', name: 'hostile_hang', args: {} }]), textTurn('never')] });
    const { agent, events } = agentWith(mock.baseURL, ['hostile']);
    await settled(agent);
    const run = agent.send('Wait');
    for (let i = 0; i < 100 && !events.some((e) => e.type === 'tool-start'); i++) await new Promise((r) => setTimeout(r, 50));
    agent.cancel();
    const final = await within(run.done, 5_000);
    expect(final).to.not.equal('still waiting');
    expect(final).to.include({ reason: 'cancelled' });
    expect(results(events)[0]).to.include({ callId: 'h', status: 'cancelled' });
  });
});
