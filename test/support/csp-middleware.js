// @ts-check
/**
 * Serving rules for `<agent-chat>`'s tests (Node side), as one Koa middleware.
 *
 * 1. Pages under `/test/components/csp/` are served with a strict
 *    Content-Security-Policy, so a test can prove the element and its worker
 *    run with no `unsafe-eval`, no inline scripts and no blob: workers.
 *
 * 2. highlight.js's core as an ES module. Its `es/core.js` re-exports the
 *    CommonJS `lib/core.js`, which the dev server cannot hand to a browser
 *    (bundlers convert it; the test server does not). The file has no
 *    `require`s, so wrapping it in a module scope is enough.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The policy the issue asks the element to live under. */
export const STRICT_CSP = "default-src 'self'; script-src 'self'; worker-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'";

const CSP_PREFIX = '/test/components/csp/';
const HLJS_CORE = '/node_modules/highlight.js/lib/core.js';

/** @type {Promise<string> | undefined} */
let hljsModule;

/** @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>} */
export function cspPages() {
  return async function cspMiddleware(ctx, next) {
    const url = new URL(ctx.request.url ?? ctx.url, 'http://localhost');
    if (url.pathname === HLJS_CORE) {
      hljsModule ??= readFile(fileURLToPath(new URL('../../node_modules/highlight.js/lib/core.js', import.meta.url)), 'utf8').then(
        (source) => `const module = { exports: {} };\n${source}\nexport default module.exports;\nexport const HighlightJS = module.exports;\n`,
      );
      ctx.type = 'application/javascript';
      ctx.body = await hljsModule;
      return;
    }
    await next();
    if (url.pathname.startsWith(CSP_PREFIX)) ctx.set('content-security-policy', STRICT_CSP);
  };
}
