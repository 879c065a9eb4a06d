/**
 * The one step of an MCP sign-in the user sees: the authorization server's
 * page in a popup, ending on the redirect page pageloop ships
 * (`mcp-oauth-redirect.html`), which hands the answer back over a
 * same-origin BroadcastChannel — it survives a cross-origin-opener policy
 * that cuts `window.opener` — and closes. Every way it can end settles the
 * promise: the code, the server's refusal, a blocked or closed popup, a timeout.
 */

/** The channel the redirect page answers on. */
export const REDIRECT_CHANNEL = 'pageloop-mcp-oauth';

/** What the redirect page posts. */
export interface RedirectMessage {
  state: string | null;
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

/** How the popup is opened and waited for. */
export interface PopupOptions {
  /** Longest wait for the user to finish, in ms; default 5 minutes. */
  timeoutMs?: number;
  /** Opens the window (default `window.open`, as a popup); replaceable in tests of the blocked and closed cases. */
  open?: (url: string) => Window | null;
}

/** Opens `authorizationUrl` in a popup and resolves with the code the redirect page received for `state`; `server` names the server in errors. */
export function openSignInPopup(authorizationUrl: string, state: string, server: string, options: PopupOptions = {}): Promise<string> {
  const channel = new BroadcastChannel(REDIRECT_CHANNEL);
  const timeoutMs = options.timeoutMs ?? 300_000;
  const popup = (options.open ?? ((url) => window.open(url, REDIRECT_CHANNEL, 'popup,width=520,height=680')))(authorizationUrl);
  return new Promise<string>((resolve, reject) => {
    const end = (fail?: Error, code?: string) => {
      clearTimeout(timer);
      clearInterval(watch);
      channel.close();
      if (fail) reject(fail);
      else resolve(code!);
    };
    const timer = setTimeout(() => end(new Error(`Signing in to ${server} took longer than ${Math.round(timeoutMs / 1000)} s; try again.`)), timeoutMs);
    // A closed popup says nothing: look. The grace lets a redirect page's last message arrive first.
    const watch = setInterval(() => popup?.closed && setTimeout(() => end(new Error(`The sign-in window for ${server} was closed before it finished.`)), 500), 500);
    if (!popup) return end(new Error(`The browser blocked the sign-in window for ${server}: allow popups for this page, or sign in from a click.`));
    channel.onmessage = (event: MessageEvent<RedirectMessage>) => {
      const m = event.data;
      if (m.state !== state) return; // Another sign-in's answer.
      if (m.error) return end(new Error(`Signing in to ${server} failed: ${m.errorDescription ?? m.error}.`));
      if (!m.code) return end(new Error(`The sign-in to ${server} came back without a code.`));
      end(undefined, m.code);
    };
  });
}
