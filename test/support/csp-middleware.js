// @ts-check
/**
 * Serving rules for `<agent-chat>`'s tests (Node side), as one Koa middleware:
 * pages under `/test/components/csp/` are served with a strict
 * Content-Security-Policy, so a test can prove the element and its worker
 * run with no `unsafe-eval`, no inline scripts and no blob: workers.
 */

/** The policy the issue asks the element to live under. */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";

const CSP_PREFIX = '/test/components/csp/';

/** @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>} */
export function cspPages() {
  return async function cspMiddleware(ctx, next) {
    const url = new URL(ctx.request.url ?? ctx.url, 'http://localhost');
    await next();
    if (url.pathname.startsWith(CSP_PREFIX)) ctx.set('content-security-policy', STRICT_CSP);
  };
}
