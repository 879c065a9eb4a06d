// @ts-check
/**
 * Serving rules for the engine's multi-thread test (Node side), as one Koa
 * middleware: pages under `/test/model/engine/isolated/` are cross-origin
 * isolated (COOP same-origin + COEP require-corp), and so is every worker
 * script such a page starts (a worker is isolated only if its own script is
 * served with COEP). Every other test page stays as it was: not isolated, so
 * the refusal of `threads > 1` there stays tested.
 */

const ISOLATED_PREFIX = '/test/model/engine/isolated/';

/** @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>} */
export function isolatedPages() {
  return async function isolatedMiddleware(ctx, next) {
    const url = new URL(ctx.request.url ?? ctx.url, 'http://localhost');
    const referer = String(ctx.get('referer') || '');
    const dest = String(ctx.get('sec-fetch-dest') || '');
    await next();
    const page = url.pathname.startsWith(ISOLATED_PREFIX);
    const workerOfPage = dest === 'worker' && new URL(referer || 'http://x/', 'http://localhost').pathname.startsWith(ISOLATED_PREFIX);
    if (page || workerOfPage) {
      ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
      ctx.set('Cross-Origin-Embedder-Policy', 'require-corp');
    }
  };
}
