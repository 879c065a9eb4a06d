// The MCP client (option `mcp`) against real MCP servers the test runner
// starts (test/support/mcp-servers.js): the official server-everything over
// Streamable HTTP and legacy SSE, and small SDK servers for annotations,
// progress, cancellation, errors, images, list changes, a stateless server,
// and the failures a page meets (no CORS, refused, 401, not an endpoint).
// The agent is driven by the mock model; what each server received is asserted.
import { expect } from 'chai';
import { z } from 'zod';
import { createAgent } from '../../src/page/create-agent.js';
import { defineTool } from '../../src/tools/define-tool.js';
import type { Agent, AgentEvent, AgentOptions, McpServerOptions, McpServerStatus } from '../../src/types.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';

type Recorded = { http: string; rpc: string[]; session?: string; auth?: string; note?: string; body?: { method?: string; params?: { name?: string; arguments?: unknown; requestId?: unknown } } };
let urls: Record<string, string>;
before(async () => {
  urls = await (await fetch('/__mcp/servers')).json();
});
beforeEach(async () => {
  await fetch('/__mcp/reset?server=everything,everything-sse,lab,stateless,nocors,unauthorized,notmcp');
});
const requests = async (server: string): Promise<Recorded[]> => (await fetch(`/__mcp/requests?server=${server}`)).json();
const calls = async (server: string) => (await requests(server)).filter((r) => r.body?.method === 'tools/call').map((r) => ({ name: r.body!.params!.name, arguments: r.body!.params!.arguments }));

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

/** An agent on `baseURL` with the servers named (from the runner's list), answering approvals with `approve`. */
function agentWith(baseURL: string, servers: (McpServerOptions | string)[], options: Partial<AgentOptions> & { approve?: (name: string) => boolean } = {}) {
  const { approve, ...rest } = options;
  const mcp = servers.map((s) => (typeof s === 'string' ? { url: urls[s]!, name: s.replace('-', '_') } : s));
  const agent = createAgent({ baseURL, model: 'mock-model', mcp, ...rest });
  agents.push(agent);
  const events: AgentEvent[] = [];
  agent.on((e) => {
    events.push(e);
    if (e.type === 'approval-request') for (const r of e.requests) agent.respond(r.callId, { approve: approve?.(r.name) ?? true });
  });
  return { agent, events };
}

async function settled(agent: Agent): Promise<McpServerStatus[]> {
  for (let i = 0; i < 200; i++) {
    const status = await agent.mcp.status();
    if (status.every((s) => s.state !== 'connecting')) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('MCP servers never settled');
}

type Body = { tools?: Array<{ function: { name: string } }>; messages: Array<{ role: string; content: string }> };
const offered = (body: unknown) => ((body as Body).tools ?? []).map((t) => t.function.name);
const results = (events: AgentEvent[]) => events.filter((e): e is Extract<AgentEvent, { type: 'tool-result' }> => e.type === 'tool-result');

describe('MCP client: server-everything', () => {
  it('connects over Streamable HTTP, offers its tools prefixed, and calls one through approval', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'everything_echo', args: { message: 'hello mcp' } }]), textTurn('Echoed.')] });
    const { agent, events } = agentWith(mock.baseURL, ['everything']);
    const run = await agent.send('Echo hello').done;
    expect(run.reason).to.equal('answer');
    const [status] = await agent.mcp.status();
    expect(status).to.include({ name: 'everything', state: 'connected', transport: 'streamable-http', protocolVersion: '2025-11-25' });
    expect(status!.server?.name).to.equal('mcp-servers/everything');
    const names = status!.tools.map((t) => t.name);
    expect(names).to.include.members(['everything_echo', 'everything_get-sum', 'everything_get-tiny-image']);
    for (const name of names) expect(name).to.match(/^[a-zA-Z0-9_-]{1,64}$/);
    // The model was offered them; echo is annotated readOnlyHint, so it ran without asking.
    expect(offered((await mock.log())[0]!.body)).to.include('everything_echo');
    expect(status!.tools.find((t) => t.name === 'everything_echo')).to.include({ readOnly: true, needsApproval: false });
    expect(events.some((e) => e.type === 'approval-request')).to.equal(false);
    expect(results(events)[0]).to.include({ status: 'ok' });
    expect(String(results(events)[0]!.result)).to.contain('hello mcp');
    expect(await calls('everything')).to.deep.equal([{ name: 'echo', arguments: { message: 'hello mcp' } }]);
    // Untrusted: the model read it fenced.
    const history = await agent.messages();
    expect(history.find((m) => m.role === 'tool')!.content).to.contain('<untrusted-data tool="everything_echo">');
  });

  it('falls back to the legacy HTTP+SSE transport', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'everything_sse_get-sum', args: { a: 2, b: 3 } }]), textTurn('5')] });
    const { agent, events } = agentWith(mock.baseURL, ['everything-sse']);
    await agent.send('2+3').done;
    const [status] = await agent.mcp.status();
    expect(status).to.include({ state: 'connected', transport: 'sse' });
    expect(String(results(events)[0]!.result)).to.contain('5');
    expect(await calls('everything-sse')).to.deep.equal([{ name: 'get-sum', arguments: { a: 2, b: 3 } }]);
  });
});

describe('MCP client: tools, annotations and results', () => {
  it('honours annotations: read-only runs at once, destructive and unannotated ask; a denied call never reaches the server', async () => {
    const mock = await mockEndpoint({
      turns: [
        toolCallTurn([
          { id: 'a', name: 'lab_read_note', args: { id: '1' } },
          { id: 'b', name: 'lab_delete_note', args: { id: '1' } },
          { id: 'c', name: 'lab_plain', args: { n: 21 } },
        ]),
        textTurn('Done.'),
      ],
    });
    const { agent, events } = agentWith(mock.baseURL, ['lab'], { approve: (name) => name !== 'lab_delete_note' });
    await agent.send('go').done;
    const asked = events.filter((e) => e.type === 'approval-request').flatMap((e) => (e.type === 'approval-request' ? e.requests.map((r) => r.name) : []));
    expect(asked.sort()).to.deep.equal(['lab_delete_note', 'lab_plain']);
    const byId = Object.fromEntries(results(events).map((r) => [r.callId, r]));
    expect(byId.a).to.include({ status: 'ok', result: 'note 1: buy milk' });
    expect(byId.b).to.include({ status: 'denied' });
    // structuredContent is the result; its JSON repeated as text is dropped.
    expect(byId.c!.result).to.deep.equal({ structuredContent: { doubled: 42 } });
    expect((await calls('lab')).map((c) => c.name).sort()).to.deep.equal(['plain', 'read_note']);
    const [status] = await agent.mcp.status();
    const info = Object.fromEntries(status!.tools.map((t) => [t.serverName, t]));
    expect(info.read_note).to.include({ readOnly: true, needsApproval: false });
    expect(info.delete_note).to.include({ readOnly: false, needsApproval: true });
  });

  it("the server's approval overrides the annotations; `tools` limits what is offered", async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'lab_delete_note', args: { id: '9' } }]), textTurn('ok'), toolCallTurn([{ name: 'strict_read_note', args: { id: '2' } }]), textTurn('ok')] });
    const { agent, events } = agentWith(mock.baseURL, [
      { url: urls.lab!, name: 'lab', approval: 'auto', tools: ['delete_note'] },
      { url: urls.lab!, name: 'strict', approval: 'ask', tools: ['read_note'] },
    ]);
    await agent.send('delete').done;
    expect(events.some((e) => e.type === 'approval-request')).to.equal(false);
    await agent.send('read').done;
    expect(events.filter((e) => e.type === 'approval-request')).to.have.length(1);
    expect(offered((await mock.log())[0]!.body).filter((n) => /^(lab|strict)_/.test(n))).to.have.members(['lab_delete_note', 'strict_read_note']);
  });

  it('isError becomes a tool error the model can correct; images and embedded resources become the result\'s files', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ id: 'f', name: 'lab_fail', args: {} }, { id: 'p', name: 'lab_picture', args: {} }]), textTurn('ok')] });
    const { agent, events } = agentWith(mock.baseURL, ['lab']);
    await agent.send('go').done;
    const byId = Object.fromEntries(results(events).map((r) => [r.callId, r]));
    expect(byId.f).to.include({ status: 'error' });
    expect(byId.f!.error).to.equal('MCP server "lab" reported an error from its tool "fail": the id must be a number, not "abc"');
    expect(byId.p!.status).to.equal('ok');
    expect(byId.p!.result).to.contain('A red dot.').and.not.contain('embedded note text');
    expect(byId.p!.attachments!.map((a) => [a.name, a.kind, a.size])).to.deep.equal([['picture-1.png', 'image', 70], ['picture-2.txt', 'text', 18]]);
    // The model saw the error text, to correct its call.
    const second = (await mock.log())[1]!.body as Body;
    expect(second.messages.some((m) => m.role === 'tool' && m.content.includes('the id must be a number'))).to.equal(true);
  });

  it('arguments are validated against the tool schema before anything reaches the server', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'lab_read_note', args: { id: 5 } }]), textTurn('ok')] });
    const { agent, events } = agentWith(mock.baseURL, ['lab']);
    await agent.send('go').done;
    expect(results(events)[0]!.status).to.equal('error');
    expect(results(events)[0]!.error).to.match(/id/);
    expect(await calls('lab')).to.deep.equal([]);
  });

  it('shows progress on the call, and cancel reaches the server as notifications/cancelled', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'lab_slow', args: { steps: 3 } }]), textTurn('never')] });
    const { agent, events } = agentWith(mock.baseURL, ['lab']);
    const run = agent.send('go');
    for (let i = 0; i < 200 && events.filter((e) => e.type === 'tool-progress').length < 3; i++) await new Promise((r) => setTimeout(r, 25));
    const progress = events.filter((e): e is Extract<AgentEvent, { type: 'tool-progress' }> => e.type === 'tool-progress');
    expect(progress.map((p) => [p.progress, p.total, p.message])).to.deep.equal([
      [1, 4, 'step 1 of 4'],
      [2, 4, 'step 2 of 4'],
      [3, 4, 'step 3 of 4'],
    ]);
    expect(progress[0]!.name).to.equal('lab_slow');
    agent.cancel();
    expect((await run.done).reason).to.equal('cancelled');
    let log: Recorded[] = [];
    // Up to 10 s: the cancellation reaches the server a moment after the page aborts, later on a loaded machine.
    for (let i = 0; i < 400 && !log.some((r) => r.note); i++) {
      log = await requests('lab');
      await new Promise((r) => setTimeout(r, 25));
    }
    const call = log.find((r) => r.body?.method === 'tools/call')!;
    const cancelled = log.find((r) => r.body?.method === 'notifications/cancelled');
    expect(cancelled, 'notifications/cancelled reached the server').to.not.equal(undefined);
    expect(cancelled!.body!.params!.requestId).to.equal((call.body as { id?: unknown }).id);
    expect(log.some((r) => r.note === 'slow: aborted by the client')).to.equal(true);
  });

  it('tools/list_changed refreshes the tools: the next model request offers the new one', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'lab_add_tool', args: {} }]), textTurn('added'), toolCallTurn([{ name: 'lab_extra', args: {} }]), textTurn('ran')] });
    const { agent, events } = agentWith(mock.baseURL, [{ url: urls.lab!, name: 'lab', approval: 'auto' }]);
    await agent.send('add').done;
    for (let i = 0; i < 100 && !(await agent.mcp.status())[0]!.tools.some((t) => t.name === 'lab_extra'); i++) await new Promise((r) => setTimeout(r, 25));
    expect(events.some((e) => e.type === 'mcp' && e.server.tools.some((t) => t.name === 'lab_extra'))).to.equal(true);
    await agent.send('use it').done;
    expect(offered((await mock.log())[0]!.body)).to.not.include('lab_extra');
    expect(offered((await mock.log())[2]!.body)).to.include('lab_extra');
    expect(results(events).at(-1)).to.include({ status: 'ok', result: 'extra ran' });
  });

  it('a stateless server (no session id) works the same', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'stateless_read_note', args: { id: '3' } }]), textTurn('ok')] });
    const { agent, events } = agentWith(mock.baseURL, ['stateless']);
    await agent.send('read').done;
    expect(results(events)[0]).to.include({ status: 'ok', result: 'note 3: buy milk' });
    const log = await requests('stateless');
    expect(log.filter((r) => r.http === 'POST').every((r) => r.session === undefined)).to.equal(true);
    expect(log.some((r) => r.body?.method === 'tools/call')).to.equal(true);
    // The session-based lab server, for contrast, gives every request after initialize its session.
    const { agent: other } = agentWith(mock.baseURL, ['lab']);
    await settled(other);
    expect((await requests('lab')).filter((r) => r.http === 'POST' && r.rpc[0] !== 'initialize').every((r) => typeof r.session === 'string')).to.equal(true);
  });
});

describe('MCP client: failures name the server and the fix', () => {
  it('each failing server says why; the agent keeps its other tools and answers', async () => {
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'local', args: {} }]), textTurn('Still working.')] });
    const local = defineTool({ name: 'local', description: 'A page tool', parameters: z.object({}), execute: () => 'local ok' });
    const { agent, events } = agentWith(mock.baseURL, ['nocors', 'refused', 'unauthorized', 'notmcp', 'lab'], { tools: [local] });
    const final = await agent.send('go').done;
    expect(final.reason).to.equal('answer');
    expect(results(events)[0]).to.include({ status: 'ok', result: 'local ok' });
    const status = Object.fromEntries((await agent.mcp.status()).map((s) => [s.name, s]));
    expect(status.nocors!.error!.code).to.equal('cors');
    expect(status.nocors!.error!.message).to.contain('MCP server "nocors"').and.to.contain(`Access-Control-Allow-Origin: ${location.origin}`).and.to.contain('Access-Control-Expose-Headers: Mcp-Session-Id');
    expect(status.refused!.error).to.include({ code: 'refused' });
    expect(status.refused!.error!.message).to.contain('MCP server "refused"').and.to.contain('Start the server');
    expect(status.unauthorized!.error).to.include({ code: 'unauthorized' });
    expect(status.unauthorized!.error!.message).to.contain("headers: { Authorization: 'Bearer <token>' }");
    expect(status.notmcp!.error).to.include({ code: 'not-mcp' });
    expect(status.notmcp!.error!.message).to.contain('HTTP 404').and.to.contain('/mcp');
    expect(status.lab!.state).to.equal('connected');
    // Only the page's tool and the healthy server's were offered.
    const names = offered((await mock.log())[0]!.body).filter((n) => !['task_complete', 'ask_question', 'converse'].includes(n));
    expect(names.filter((n) => !n.startsWith('lab_'))).to.deep.equal(['local']);
    // Each failure was also an `mcp` event.
    expect(events.filter((e) => e.type === 'mcp' && e.server.state === 'failed').map((e) => (e.type === 'mcp' ? e.server.name : '')).sort()).to.deep.equal(['nocors', 'notmcp', 'refused', 'unauthorized']);
  });

  it('a bearer header gets through; reconnect picks a server up again', async () => {
    const mock = await mockEndpoint({ turns: [textTurn('hi')] });
    const { agent } = agentWith(mock.baseURL, [{ url: urls.unauthorized!, name: 'secure', headers: { Authorization: 'Bearer lab-secret' } }]);
    const [status] = await settled(agent);
    expect(status!.state).to.equal('connected');
    expect((await requests('unauthorized')).filter((r) => r.http === 'POST').every((r) => r.auth === 'Bearer lab-secret')).to.equal(true);
    const again = await agent.mcp.reconnect('secure');
    expect(again.state).to.equal('connected');
    expect((await requests('unauthorized')).filter((r) => r.rpc[0] === 'initialize')).to.have.length(2);
    await agent.mcp.reconnect('nope').then(
      () => expect.fail('should reject'),
      (err: Error) => expect(err.message).to.contain('No MCP server is named "nope"'),
    );
  });

  it('refuses a bad mcp option at createAgent, naming the field', () => {
    expect(() => createAgent({ baseURL: 'http://x/v1', model: 'm', mcp: [{ url: 'http://a/mcp', name: 'bad name' }] })).to.throw(TypeError, /mcp\[0\]\.name/);
    expect(() => createAgent({ baseURL: 'http://x/v1', model: 'm', mcp: [{ url: 'http://a/mcp', name: 'a' }, { url: 'http://b/mcp', name: 'a' }] })).to.throw(TypeError, /used by another server/);
    expect(() => createAgent({ baseURL: 'http://x/v1', model: 'm', mcp: [{ url: 'http://a/mcp', approval: 'never' as 'ask' }] })).to.throw(TypeError, /mcp\[0\]\.approval/);
  });
});
