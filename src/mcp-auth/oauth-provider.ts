/**
 * The MCP authorization flow's client side (OAuth 2.1 with PKCE): an
 * `OAuthClientProvider` for the official SDK (`auth()` and the transports'
 * `authProvider`), which does the protected-resource and authorization-server
 * metadata discovery, dynamic client registration, the code exchange and
 * token refresh. This provider keeps what that needs in the origin's own
 * IndexedDB (`McpTokenStore`) and hands its one user-facing step — the
 * authorization page — to `signInPopup`: on the page, a popup
 * (src/page/mcp-auth/sign-in-popup.ts); in the agent's worker, where MCP
 * transports live, a call across to the page that opens it (`PageHost.signInPopup`).
 * It runs on either side: it touches no DOM.
 *
 * Invariants: tokens are kept only in the store, never in events, logs or
 * thread files; the popup's code is accepted only with the `state` made for
 * that sign-in; a popup closed, blocked or unanswered rejects the sign-in.
 */
import type { OAuthClientProvider, OAuthClientInformationMixed, OAuthClientMetadata, OAuthDiscoveryState, OAuthTokens } from '@modelcontextprotocol/client';
import type { McpTokenStore } from './token-store.js';

/** Opens `authorizationUrl` for the user and resolves with the code the redirect page got back for `state`. */
export type SignInPopup = (authorizationUrl: string, state: string) => Promise<string>;

/** An OAuthClientProvider for one MCP server. */
export class McpOAuthProvider implements OAuthClientProvider {
  readonly #server: string;
  readonly #redirect: string;
  readonly #store: McpTokenStore;
  readonly #popup: SignInPopup;
  #state: string | undefined;
  #code: Promise<string> | undefined;

  /** `server`: the MCP endpoint's URL; `redirectUrl`: the absolute URL where the page serves pageloop's redirect page (same origin as the page). */
  constructor(server: string, redirectUrl: string, store: McpTokenStore, popup: SignInPopup) {
    this.#server = server;
    this.#redirect = redirectUrl;
    this.#store = store;
    this.#popup = popup;
  }

  get redirectUrl(): string {
    return this.#redirect;
  }

  get clientMetadata(): OAuthClientMetadata {
    return { client_name: `pageloop on ${new URL(this.#redirect).host}`, redirect_uris: [this.#redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }

  state(): string {
    return (this.#state = crypto.randomUUID());
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    return (await this.#store.get(this.#server)).client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): Promise<void> {
    return this.#store.update(this.#server, { client });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.#store.get(this.#server)).tokens;
  }

  saveTokens(tokens: OAuthTokens): Promise<void> {
    return this.#store.update(this.#server, { tokens, verifier: undefined });
  }

  saveCodeVerifier(verifier: string): Promise<void> {
    return this.#store.update(this.#server, { verifier });
  }

  async codeVerifier(): Promise<string> {
    const { verifier } = await this.#store.get(this.#server);
    if (!verifier) throw new Error(`No sign-in to ${this.#server} is under way (no PKCE verifier kept).`);
    return verifier;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    return this.#store.update(this.#server, { discovery });
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.#store.get(this.#server)).discovery;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'all') return this.#store.remove(this.#server);
    if (scope === 'client') return this.#store.update(this.#server, { client: undefined });
    if (scope === 'tokens') return this.#store.update(this.#server, { tokens: undefined });
    if (scope === 'verifier') return this.#store.update(this.#server, { verifier: undefined });
    if (scope === 'discovery') return this.#store.update(this.#server, { discovery: undefined });
  }

  /** Hands the authorization page to the popup; the code it comes back with is `authorizationCode()`'s. */
  redirectToAuthorization(authorizationUrl: URL): void {
    const state = this.#state ?? authorizationUrl.searchParams.get('state') ?? '';
    this.#code = this.#popup(authorizationUrl.href, state);
    this.#code.catch(() => {});
  }

  /** The code of the sign-in under way; rejects when its popup was closed, blocked, refused or timed out. */
  authorizationCode(): Promise<string> {
    return this.#code ?? Promise.reject(new Error(`No sign-in to ${this.#server} is under way.`));
  }
}
