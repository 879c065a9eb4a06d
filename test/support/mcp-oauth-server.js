// @ts-check
/**
 * A real OAuth-protected MCP server for the tests, made of the official SDK's
 * own pieces: its authorization server (`mcpAuthRouter`: metadata, dynamic
 * client registration, authorize, token — PKCE checked by the SDK) over a
 * small in-memory provider with refresh tokens (below), and a
 * Streamable HTTP MCP endpoint behind `requireBearerAuth`, advertising its
 * protected-resource metadata. On 127.0.0.1, an OS-chosen port.
 *
 * Test hooks (`/__test/...`): what the server saw (`log`), and `expire` to
 * make every access token issued so far expire now (the client must refresh).
 */
import { randomUUID } from 'node:crypto';
import express from 'express';
import { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { DemoInMemoryClientsStore } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { InvalidGrantError, InvalidRequestError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** @typedef {import('@modelcontextprotocol/sdk/server/auth/provider.js').OAuthServerProvider} OAuthServerProvider */

/**
 * The SDK's OAuthServerProvider for the test: approves at once (as a user who
 * clicks "Allow"), issues refresh tokens (the SDK's demo provider has none),
 * and logs the grants it served. PKCE is checked by the SDK's token handler
 * against `challengeForAuthorizationCode`.
 * @implements {OAuthServerProvider}
 */
class TestAuthProvider {
  clientsStore = new DemoInMemoryClientsStore();
  /** @type {Map<string, { clientId: string, challenge: string, redirectUri: string }>} */
  codes = new Map();
  /** @type {Map<string, { clientId: string, expiresAt: number }>} */
  tokens = new Map();
  /** @type {Map<string, string>} refresh token → client id */
  refreshTokens = new Map();
  /** @type {string[]} */
  log = [];

  /** @param {import('@modelcontextprotocol/sdk/shared/auth.js').OAuthClientInformationFull} client @param {import('@modelcontextprotocol/sdk/server/auth/provider.js').AuthorizationParams} params @param {import('express').Response} res */
  async authorize(client, params, res) {
    if (!client.redirect_uris.includes(params.redirectUri)) throw new InvalidRequestError('Unregistered redirect_uri');
    const code = randomUUID();
    this.codes.set(code, { clientId: client.client_id, challenge: params.codeChallenge, redirectUri: params.redirectUri });
    const target = new URL(params.redirectUri);
    target.searchParams.set('code', code);
    if (params.state !== undefined) target.searchParams.set('state', params.state);
    this.log.push('authorize');
    res.redirect(target.href);
  }

  /** @param {unknown} _client @param {string} code */
  async challengeForAuthorizationCode(_client, code) {
    const grant = this.codes.get(code);
    if (!grant) throw new InvalidGrantError('Unknown authorization code');
    return grant.challenge;
  }

  /** @param {import('@modelcontextprotocol/sdk/shared/auth.js').OAuthClientInformationFull} client @param {string} code */
  async exchangeAuthorizationCode(client, code) {
    const grant = this.codes.get(code);
    if (!grant || grant.clientId !== client.client_id) throw new InvalidGrantError('Unknown authorization code');
    this.codes.delete(code);
    this.log.push('token:authorization_code');
    return this.#issue(client.client_id);
  }

  /** @param {import('@modelcontextprotocol/sdk/shared/auth.js').OAuthClientInformationFull} client @param {string} refreshToken */
  async exchangeRefreshToken(client, refreshToken) {
    if (this.refreshTokens.get(refreshToken) !== client.client_id) throw new InvalidGrantError('Unknown refresh token');
    this.refreshTokens.delete(refreshToken);
    this.log.push('token:refresh_token');
    return this.#issue(client.client_id);
  }

  /** An unknown or expired token is an InvalidTokenError: a 401 with WWW-Authenticate. @param {string} token */
  async verifyAccessToken(token) {
    const data = this.tokens.get(token);
    if (!data || data.expiresAt < Date.now()) throw new InvalidTokenError('Invalid or expired token');
    return { token, clientId: data.clientId, scopes: [], expiresAt: Math.floor(data.expiresAt / 1000) };
  }

  /** @param {string} clientId */
  #issue(clientId) {
    const access = randomUUID();
    const refresh = randomUUID();
    this.tokens.set(access, { clientId, expiresAt: Date.now() + 3_600_000 });
    this.refreshTokens.set(refresh, clientId);
    return { access_token: access, token_type: 'bearer', expires_in: 3600, refresh_token: refresh };
  }
}

/** Starts the server; resolves with its MCP endpoint's URL, its provider and `close`. */
export async function startOAuthMcpServer() {
  const provider = new TestAuthProvider();
  const app = express();
  // What a page on another origin needs to call it (the SDK's auth routes add their own CORS too).
  app.use((req, res, next) => {
    res.set({ 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type, accept, mcp-protocol-version, mcp-session-id', 'access-control-expose-headers': 'mcp-session-id, www-authenticate' });
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next();
  });
  const server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = new URL(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}/`);
  const mcpUrl = new URL('/mcp', base);
  app.use(mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: mcpUrl, scopesSupported: ['mcp:tools'] }));
  app.get('/__test/log', (_req, res) => void res.json(provider.log));
  app.post('/__test/expire', (_req, res) => {
    for (const data of provider.tokens.values()) data.expiresAt = Date.now() - 1;
    res.json({ ok: true });
  });
  const auth = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) });
  app.post('/mcp', express.json(), auth, async (req, res) => {
    provider.log.push('mcp:' + (req.body?.method ?? '?'));
    const mcp = new McpServer({ name: 'oauth-test', version: '1.0.0' });
    mcp.registerTool('whoami', { description: 'Says who the token belongs to' }, async (extra) => ({ content: [{ type: 'text', text: `client ${extra.authInfo?.clientId}` }] }));
    // Stateless: one transport per request.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on('close', () => void transport.close());
    await mcp.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  return { url: mcpUrl.href, provider, close: () => new Promise((r) => server.close(r)) };
}
