// @ts-check
/**
 * Serving rules for `<agent-chat>`'s tests (Node side), as one Koa middleware:
 * pages under `/test/components/csp/` are served with a strict
 * Content-Security-Policy, so a test can prove the element and its worker
 * run with no `unsafe-eval`, no inline scripts and no blob: workers. The
 * workers such a page starts are served with the same policy, as a server
 * that sends the header with every response would.
 */

/** The policy the issue asks the element to live under. */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";

const CSP_PREFIX = '/test/components/csp/';

/** Pages here (and their workers) may also compile WebAssembly: the policy an app running the in-page model would choose. */
const WASM_PREFIX = '/test/components/csp/wasm-ok/';

/** Pages here (and their workers) may also reach MCP servers on 127.0.0.1 (the test runner's, at OS-chosen ports): the policy an app with MCP servers would choose. */
const MCP_PREFIX = '/test/components/csp/mcp-ok/';

/** The strict policy with the test MCP servers added to connect-src (nothing else: frame-src stays default-src 'self'). */
export const STRICT_CSP_WITH_MCP = STRICT_CSP.replace("connect-src 'self'", "connect-src 'self' http://127.0.0.1:*");

/** The strict policy with 'wasm-unsafe-eval' added to script-src. */
export const STRICT_CSP_WITH_WASM = STRICT_CSP.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'");

/** @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>} */
export function cspPages() {
  return async function cspMiddleware(ctx, next) {
    const url = new URL(ctx.request.url ?? ctx.url, 'http://localhost');
    const referer = String(ctx.get('referer') || '');
    const dest = String(ctx.get('sec-fetch-dest') || '');
    await next();
    // A worker a CSP page starts gets the policy too, as from a server that sends it with every response.
    const pagePath = dest === 'worker' ? new URL(referer || 'http://x/', 'http://localhost').pathname : url.pathname;
    // A worker's policy comes with its script: never let a cached copy carry another page's policy.
    if (dest === 'worker') ctx.set('cache-control', 'no-store');
    if (pagePath.startsWith(CSP_PREFIX)) ctx.set('content-security-policy', pagePath.startsWith(WASM_PREFIX) ? STRICT_CSP_WITH_WASM : pagePath.startsWith(MCP_PREFIX) ? STRICT_CSP_WITH_MCP : STRICT_CSP);
  };
}
