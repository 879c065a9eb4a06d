// Which MCP revision the client speaks, asserted from what each real server
// received (test/support/mcp-servers.js): the stateless 2026-07-28 revision
// with servers of the v2 server package (`server/discover`, no `initialize`,
// no session, the revision in every request's `_meta` and headers), the
// session-based 2025 handshake with an SDK server (with the probe refused by
// its CORS, and with the probe let through and answered 400), and the named
// errors of a server that speaks only an unknown revision and of a 403.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, AgentEvent, McpServerStatus } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

type Meta = Record<string, unknown>;
type Recorded = { http: string; rpc: string[]; session?: string; version?: string; method?: string; name?: string; body?: { method?: string; params?: { name?: string; protocolVersion?: string; _meta?: Meta } } };
const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const SERVERS = ['modern', 'modern-only', 'lab', 'lab-open', 'future', 'forbidden'];

let urls: Record<string, string>;
before(async () => {
  urls = await (await fetch('/__mcp/servers')).json();
});
beforeEach(async () => {
  await fetch(`/__mcp/reset?server=${SERVERS.join(',')}`);
});
const requests = async (server: string): Promise<Recorded[]> => (await fetch(`/__mcp/requests?server=${server}`)).json();
const methods = (log: Recorded[]) => log.flatMap((r) => r.rpc);

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

function agentWith(baseURL: string, servers: string[]) {
  const agent = createAgent({ baseURL, model: 'mock-model', mcp: servers.map((s) => ({ url: urls[s]!, name: s.replace('-', '_') })) });
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => {
    events.push(e);
    if (e.type === 'approval-request') for (const r of e.requests) agent.respond(r.callId, { approve: true });
  });
  return { agent, events };
}

async function statusOf(agent: Agent, name: string): Promise<McpServerStatus> {
  for (let i = 0; i < 300; i++) {
    const status = (await agent.mcp.status()).find((s) => s.name === name);
    if (status && status.state !== 'connecting') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`MCP server ${name} never settled`);
}

describe('MCP revisions: negotiated per server', () => {
  it('speaks the stateless 2026-07-28 revision to a v2 server: server/discover, no initialize, no session, the revision on every request', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'modern_read_note', args: { id: '7' } }]), textTurn('Read.')] });
    const { agent, events } = agentWith(mock.baseURL, ['modern']);
    const run = await agent.send('Read note 7').done;
    expect(run.reason).to.equal('answer');
    const status = await statusOf(agent, 'modern');
    expect(status).to.include({ state: 'connected', transport: 'streamable-http', protocolVersion: '2026-07-28' });
    const result = events.find((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');
    expect(result?.status).to.equal('ok');
    expect(JSON.stringify(result?.result)).to.contain('modern note 7: water the plants');

    const log = await requests('modern');
    expect(methods(log)[0]).to.equal('server/discover');
    expect(methods(log)).to.not.include('initialize');
    expect(methods(log)).to.include('tools/call');
    for (const r of log.filter((r) => r.http === 'POST')) {
      expect(r.session, `${r.rpc} carries no session`).to.equal(undefined);
      expect(r.version, `${r.rpc} header`).to.equal('2026-07-28');
      expect(r.body?.params?._meta?.[VERSION_KEY], `${r.rpc} _meta`).to.equal('2026-07-28');
    }
    const call = log.find((r) => r.rpc.includes('tools/call'))!;
    expect({ method: call.method, name: call.name }).to.deep.equal({ method: 'tools/call', name: 'read_note' });
  });

  it('connects to a server that serves 2026-07-28 only (it refuses 2025 requests), so nothing fell back', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Hi.')] });
    const { agent } = agentWith(mock.baseURL, ['modern-only']);
    await agent.send('Hi').done;
    const status = await statusOf(agent, 'modern_only');
    expect(status).to.include({ state: 'connected', protocolVersion: '2026-07-28' });
    expect(status.tools.map((t) => t.name)).to.deep.equal(['modern_only_read_note', 'modern_only_delete_note']);
    expect(methods(await requests('modern-only'))).to.not.include('initialize');
  });

  it('falls back to the session-based 2025 handshake: probe refused by the server CORS, or let through and answered 400', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'lab_read_note', args: { id: '1' } }, { name: 'lab_open_read_note', args: { id: '2' } }]), textTurn('Both read.')] });
    const { agent, events } = agentWith(mock.baseURL, ['lab', 'lab-open']);
    const run = await agent.send('Read notes').done;
    expect(run.reason).to.equal('answer');
    expect(events.filter((e) => e.type === 'tool-result').map((e) => (e as { status: string }).status)).to.deep.equal(['ok', 'ok']);
    for (const [server, name] of [['lab', 'lab'], ['lab-open', 'lab_open']] as const) {
      expect(await statusOf(agent, name)).to.include({ state: 'connected', protocolVersion: '2025-11-25' });
      const log = await requests(server);
      const init = log.find((r) => r.rpc.includes('initialize'));
      expect(init?.body?.params?.protocolVersion, server).to.equal('2025-11-25');
      const call = log.find((r) => r.rpc.includes('tools/call'))!;
      expect(call.session, `${server} session`).to.be.a('string');
      expect(call.version, `${server} header`).to.equal('2025-11-25');
      expect(call.body?.params?._meta?.[VERSION_KEY], `${server} has no 2026 _meta`).to.equal(undefined);
    }
    // The server whose CORS does not allow Mcp-Method never saw the probe; the open one answered it (and the client fell back).
    expect(methods(await requests('lab'))).to.not.include('server/discover');
    const open = methods(await requests('lab-open'));
    expect(open.indexOf('server/discover')).to.be.within(0, open.indexOf('initialize'));
  });

  it('names a server that speaks only an unknown revision (protocol-version) and a 403 (forbidden), each with its fix; the agent still answers', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('Still here.')] });
    const { agent, events } = agentWith(mock.baseURL, ['future', 'forbidden']);
    const run = await agent.send('Hi').done;
    expect(run.reason).to.equal('answer');
    const future = await statusOf(agent, 'future');
    expect(future.state).to.equal('failed');
    expect(future.error?.code).to.equal('protocol-version');
    expect(future.error?.message).to.contain('2099-01-01').and.contain('2026-07-28').and.contain('Update the server');
    const forbidden = await statusOf(agent, 'forbidden');
    expect(forbidden.error?.code).to.equal('forbidden');
    expect(forbidden.error?.message).to.contain('403').and.contain('Check the token and its scopes');
    expect(methods(await requests('future'))).to.include('initialize');
    expect(methods(await requests('forbidden')).length).to.be.greaterThan(0);
    const failed = events.filter((e): e is Extract<AgentEvent, { type: 'mcp' }> => e.type === 'mcp' && e.server.state === 'failed').map((e) => e.server.error?.code);
    expect(failed).to.include.members(['protocol-version', 'forbidden']);
  });
});
