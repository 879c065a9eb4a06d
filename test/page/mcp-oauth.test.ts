// The MCP authorization flow from the page, against a real OAuth-protected MCP
// server made of the official SDK's own auth pieces (test/support/mcp-oauth-server.js):
// discovery, dynamic client registration, PKCE, the authorization page in a real
// popup ending on pageloop's redirect page, tokens kept in IndexedDB, an MCP call
// with them through the SDK's own client transport, a refresh when they expire,
// and sign-out.
import { expect } from 'chai';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { mcpAuthProvider, signIn, signOut } from '../../src/page/mcp-auth/sign-in.js';
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
