/**
 * The MCP client's sign-in hook, in the agent's worker (its own chunk, loaded
 * only when a server has `oauth`): tokens from the origin's IndexedDB (read
 * in the worker itself), the popup opened by the page (`PageHost.signInPopup`,
 * across Comlink). `mcpAuth(server, host)` is the `McpAuth` the connection's
 * transports are given (src/worker-tools/mcp/mcp-connection.ts).
 */
import type { PageHost } from '../protocol/agent.js';
import type { McpServerOptions } from '../mcp-types.js';
import { McpOAuthProvider } from './oauth-provider.js';
import { McpTokenStore } from './token-store.js';

let store: McpTokenStore | undefined;
const tokens = () => (store ??= new McpTokenStore());

/** The sign-in of `server` (undefined without `oauth`): the SDK's provider and the code its popup brings back. */
export function mcpAuth(server: McpServerOptions, host: Pick<PageHost, 'signInPopup'>): { provider: McpOAuthProvider; authorizationCode(): Promise<string> } | undefined {
  if (!server.oauth) return undefined;
  const name = server.name ?? server.url;
  const provider = new McpOAuthProvider(server.url, server.oauth.redirectUrl, tokens(), (url, state) => {
    if (!host.signInPopup) return Promise.reject(new Error(`MCP server "${name}" needs signing in, and this page cannot open a sign-in window.`));
    return host.signInPopup(name, url, state);
  });
  return { provider, authorizationCode: () => provider.authorizationCode() };
}

/** "Sign out": forgets the tokens and registered client kept for the server at `url`. */
export function forgetSignIn(url: string): Promise<void> {
  return tokens().remove(url);
}
