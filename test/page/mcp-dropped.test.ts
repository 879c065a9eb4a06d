// A connection to an MCP server that drops mid-call (the outside probe's
// finding 7), against a real SDK server the test runner starts
// (test/support/mcp-servers.js, `dropping`): a server that dies while a call
// runs is marked failed and the call answered at once with a clear error —
// not after the call's two-minute timeout, with the server still "connected";
// a call whose answer alone is lost (its response's connection cut, the
// server alive) is answered the same way and the server stays connected.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, McpServerStatus } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

let url: string;
before(async () => {
  url = ((await (await fetch('/__mcp/servers')).json()) as Record<string, string>).dropping!;
});

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

function agentWith(baseURL: string) {
  const agent = createAgent({ baseURL, model: 'mock-model', mcp: [{ url, name: 'dropping' }] });
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => events.push(e));
  return { agent, events };
}

async function state(agent: Agent, wanted: McpServerStatus['state']): Promise<McpServerStatus> {
  for (let i = 0; i < 400; i++) {
    const [status] = await agent.mcp.status();
    if (status!.state === wanted) return status!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the server never became ${wanted}`);
}

const results = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
/** Resolves with what `promise` gives, or 'still waiting' after `ms` (the bound turns a hang — 120 s on the old code — into a message; never a timed pass). */
const within = <T>(promise: Promise<T>, ms: number) => Promise.race([promise, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms))]);

describe('MCP: a connection dropped mid-call', function () {
  this.timeout(60_000);

  it('a server that dies while its tool runs: the call is answered promptly with a clear error, the server is marked failed, and reconnecting brings it back', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'v', name: 'dropping_vanish', args: {} }]), textTurn('It went away.'), toolCallTurn([{ id: 'e', name: 'dropping_echo', args: { text: 'hi' } }]), textTurn('Back.')] });
    const { agent, events } = agentWith(mock.baseURL);
    await state(agent, 'connected');
    const final = await within(agent.send('Run it').done, 20_000);
    expect(final).to.include({ reason: 'answer' });
    const [vanish] = results(events);
    expect(vanish).to.include({ callId: 'v', status: 'error' });
    expect(vanish!.error).to.match(/MCP server "dropping" .* dropped the connection while its tool "vanish" ran/);
    expect(vanish!.error).to.match(/reconnect/);
    // The server is failed, saying why, and the page heard it.
    const [status] = await agent.mcp.status();
    expect(status).to.include({ state: 'failed' });
    expect(status!.error!.message).to.match(/dropped the connection/);
    expect(status!.tools).to.deep.equal([]);
    expect(events.some((e) => e.type === 'mcp' && e.server.state === 'failed')).to.equal(true);
    // The server is back after its three seconds down: reconnecting works, and so do its tools.
    await new Promise((r) => setTimeout(r, 3_200));
    expect(await agent.mcp.reconnect('dropping')).to.include({ state: 'connected' });
    expect(await within(agent.send('Again').done, 20_000)).to.include({ reason: 'answer' });
    expect(results(events)[1]).to.include({ callId: 'e', status: 'ok' });
  });

  it('a call whose answer alone is lost (its response cut, the server alive) is answered promptly, and the server stays connected', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'c', name: 'dropping_cut', args: {} }]), toolCallTurn([{ id: 'e', name: 'dropping_echo', args: { text: 'hi' } }]), textTurn('Done.')] });
    const { agent, events } = agentWith(mock.baseURL);
    await state(agent, 'connected');
    const final = await within(agent.send('Run it').done, 20_000);
    expect(final).to.include({ reason: 'answer' });
    const [cut, echo] = results(events);
    expect(cut).to.include({ callId: 'c', status: 'error' });
    expect(cut!.error).to.match(/MCP server "dropping" .* lost the answer to this call/);
    expect(echo).to.include({ callId: 'e', status: 'ok' });
    expect((await agent.mcp.status())[0]).to.include({ state: 'connected' });
  });
});
