/**
 * The OAuth provider an MCP transport in the agent's worker is given: tokens
 * from the origin's IndexedDB (read in the worker itself), the popup opened
 * by the page (`PageHost.signInPopup`, across Comlink). The hook the MCP
 * client uses: `authProvider: workerOAuthProvider(server.url, redirectUrl, host)`.
 */
import type { PageHost } from '../protocol/agent.js';
import { McpOAuthProvider } from './oauth-provider.js';
import { McpTokenStore } from './token-store.js';

let store: McpTokenStore | undefined;

/** The provider for MCP server `server` in the worker; `redirectUrl` is absolute (resolved on the page, where the redirect page is served). */
export function workerOAuthProvider(server: string, redirectUrl: string, host: Pick<PageHost, 'signInPopup'>): McpOAuthProvider {
  return new McpOAuthProvider(server, redirectUrl, (store ??= new McpTokenStore()), (url, state) => {
    if (!host.signInPopup) return Promise.reject(new Error(`${server} needs signing in, and this page cannot open a sign-in window.`));
    return host.signInPopup(server, url, state);
  });
}
