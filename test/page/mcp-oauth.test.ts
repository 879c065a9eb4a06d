// The MCP authorization flow from the page, against a real OAuth-protected MCP
// server made of the official SDK's own auth pieces (test/support/mcp-oauth-server.js):
// discovery, dynamic client registration, PKCE, the authorization page in a real
// popup ending on pageloop's redirect page, tokens kept in IndexedDB, an MCP call
// with them through the SDK's own client transport, a refresh when they expire,
// and sign-out.
import { expect } from 'chai';
import { auth } from '@modelcontextprotocol/client';
import { mcpAuthProvider, signIn, signOut } from '../../src/page/mcp-auth/sign-in.js';
import { createAgent } from '../../src/page/create-agent.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../../src/testing/chunks.js';
import type { Agent, AgentEvent } from '../../src/types.js';
import { McpTokenStore } from '../../src/mcp-auth/token-store.js';

const REDIRECT = new URL('../../src/page/mcp-auth/mcp-oauth-redirect.html', import.meta.url).href;
const serverUrl = async () => ((await (await fetch('/__oauth-mcp')).json()) as { url: string }).url;
const serverLog = async (url: string) => (await (await fetch(new URL('/__test/log', url))).json()) as string[];

/** One `tools/call` with the kept access token, as the MCP client's transport sends it; the HTTP status and the tool's text. */
async function callWhoami(url: string, provider: ReturnType<typeof mcpAuthProvider>): Promise<{ status: number; text?: string }> {
  const token = (await provider.tokens())?.access_token;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } }),
  });
  if (!response.ok) return { status: response.status };
  const body = await response.text();
  const data = body.split('\n').find((l) => l.startsWith('data: '));
  const reply = JSON.parse(data ? data.slice(6) : body) as { result: { content: Array<{ text: string }> } };
  return { status: response.status, text: reply.result.content[0]!.text };
}

describe('MCP sign-in (OAuth 2.1 + PKCE) in a popup', () => {
  it('signs in through the popup, calls with the token, refreshes it when it expires, and signs out', async () => {
    const url = await serverUrl();
    await signOut(url);
    const provider = mcpAuthProvider(url, REDIRECT);
    await signIn(provider, url);
    const kept = await new McpTokenStore().get(url);
    expect(kept.tokens?.access_token, 'an access token kept in IndexedDB').to.be.a('string');
    expect(kept.tokens?.refresh_token).to.be.a('string');
    expect(kept.client?.client_id, 'registered dynamically').to.be.a('string');
    expect(kept.verifier, 'the PKCE verifier is dropped once used').to.equal(undefined);

    expect(await callWhoami(url, provider)).to.deep.equal({ status: 200, text: `client ${kept.client!.client_id}` });
    // Every token the server issued expires: refused, then the SDK's auth() refreshes with the kept refresh token (no popup).
    await fetch(new URL('/__test/expire', url), { method: 'POST' });
    expect((await callWhoami(url, provider)).status).to.equal(401);
    expect(await auth(provider, { serverUrl: url })).to.equal('AUTHORIZED');
    expect(await callWhoami(url, provider)).to.deep.equal({ status: 200, text: `client ${kept.client!.client_id}` });
    const refreshed = await new McpTokenStore().get(url);
    expect(refreshed.tokens?.access_token).to.not.equal(kept.tokens!.access_token);
    const log = await serverLog(url);
    expect(log.filter((l) => l === 'token:authorization_code')).to.have.length(1);
    expect(log).to.include('token:refresh_token');

    await signOut(url);
    expect(await new McpTokenStore().get(url)).to.deep.equal({});
  });

  it('a blocked popup ends the sign-in with an error that says so', async () => {
    const url = await serverUrl();
    await signOut(url);
    const provider = mcpAuthProvider(url, REDIRECT, { open: () => null });
    const error = await signIn(provider, url).then(() => undefined, (e: Error) => e);
    expect(error?.message).to.match(/blocked the sign-in window/);
  });

  it('a popup closed before it finished ends the sign-in with an error, not a hang', async () => {
    const url = await serverUrl();
    await signOut(url);
    // The user closes the window at once: it never reaches the redirect page.
    const provider = mcpAuthProvider(url, REDIRECT, { open: () => { const w = window.open('about:blank', '_blank', 'popup'); w?.close(); return w; } });
    const error = await signIn(provider, url).then(() => undefined, (e: Error) => e);
    expect(error?.message).to.match(/closed before it finished/);
  });
});

describe('an agent whose MCP server needs signing in (option mcp[].oauth)', () => {
  const agents: Agent[] = [];
  afterEach(() => agents.splice(0).forEach((a) => a.dispose()));
  const connected = async (agent: Agent, name: string) => {
    for (let i = 0; i < 200; i++) {
      const s = (await agent.mcp.status()).find((x) => x.name === name);
      if (s?.state === 'connected' || s?.state === 'failed') return s;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the server never settled');
  };

  it('signs in from the worker through a popup on the page, calls the tool, refreshes on reconnect, keeps tokens out of events, and signs out', async () => {
    const url = await serverUrl();
    await signOut(url);
    const before = (await serverLog(url)).length;
    const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'secure_whoami', args: {} }]), textTurn('Done.')] });
    const seen: AgentEvent[] = [];
    const agent = createAgent({ baseURL: mock.baseURL, model: 'mock-model', mcp: [{ url, name: 'secure', approval: 'auto', oauth: { redirectUrl: REDIRECT } }] });
    agents.push(agent);
    agent.on((e) => seen.push(e));
    expect(await connected(agent, 'secure')).to.deep.include({ state: 'connected' });
    await agent.send('Who am I?').done;
    const kept = await new McpTokenStore().get(url);
    const toolMessage = (((await mock.log())[1]!.body as { messages: Array<{ role: string; content: string }> }).messages.find((m) => m.role === 'tool'))!;
    expect(toolMessage.content).to.contain(`client ${kept.client!.client_id}`);
    const log = (await serverLog(url)).slice(before);
    expect(log.slice(0, 2)).to.deep.equal(['authorize', 'token:authorization_code']);
    expect(log).to.include('mcp:tools/call');

    // Expired: a reconnect is refused (401), and the SDK refreshes with the kept refresh token — no popup, no new authorize.
    await fetch(new URL('/__test/expire', url), { method: 'POST' });
    expect(await agent.mcp.reconnect('secure')).to.deep.include({ state: 'connected' });
    const after = (await serverLog(url)).slice(before);
    expect(after).to.include('token:refresh_token');
    expect(after.filter((l) => l === 'authorize')).to.have.length(1);

    const secrets = [kept.tokens!.access_token, kept.tokens!.refresh_token!, (await new McpTokenStore().get(url)).tokens!.access_token];
    const recorded = JSON.stringify([seen, await agent.events(), await agent.messages(), await agent.trace()]);
    for (const secret of secrets) expect(recorded, 'no token in events, history or trace').to.not.contain(secret);

    const out = await agent.mcp.signOut('secure');
    expect(out).to.deep.include({ state: 'failed' });
    expect(out.error?.message).to.match(/Signed out of MCP server "secure"/);
    expect(await new McpTokenStore().get(url)).to.deep.equal({});
  });
});
