/**
 * Signing in to an OAuth-protected MCP server from the page, and out again.
 * The SDK's `auth()` does the protocol: a first call that needs the user
 * answers `REDIRECT` once the popup is open, and the second, with its code,
 * exchanges it for tokens. Kept tokens with a refresh token are refreshed by
 * the same call, with no popup.
 */
import { auth } from '@modelcontextprotocol/client';
import { McpOAuthProvider } from '../../mcp-auth/oauth-provider.js';
import { McpTokenStore } from '../../mcp-auth/token-store.js';
import { openSignInPopup, type PopupOptions } from './sign-in-popup.js';

const store = new McpTokenStore();

/** The provider for `server` on the page (a transport's `authProvider`); `redirectUrl` may be relative to the page. */
export function mcpAuthProvider(server: string, redirectUrl: string, popup?: PopupOptions): McpOAuthProvider {
  return new McpOAuthProvider(server, new URL(redirectUrl, location.href).href, store, (url, state) => openSignInPopup(url, state, server, popup));
}

/** Signs in to `server` (a popup when the user must act); resolves once its tokens are kept. */
export async function signIn(provider: McpOAuthProvider, server: string): Promise<void> {
  if ((await auth(provider, { serverUrl: server })) === 'AUTHORIZED') return;
  await auth(provider, { serverUrl: server, authorizationCode: await provider.authorizationCode() });
}

/** "Sign out": forgets the tokens and registered client of `server`. */
export function signOut(server: string): Promise<void> {
  return store.remove(server);
}
