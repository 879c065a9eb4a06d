// @ts-check
/**
 * The standalone bundle the test runner builds (`/.wtr-cdn/`), served a second
 * time under `/.wtr-cdn-logged/RUN/` with every file the browser asks for
 * written down under RUN: the page's modules, the worker's and every chunk
 * either imports (relative imports stay under the run's prefix). A page reads
 * a run's list at `/__cdn-loads?run=RUN`. A new RUN per page means new URLs,
 * so nothing comes from a cache that an earlier page filled, and pages running
 * at once keep apart. test/cdn/opt-in-loads.test.ts uses it: a network log
 * that covers the worker too, which the page's own resource timing does not see.
 */
const PREFIX = /^\/\.wtr-cdn-logged\/([\w-]+)\/(.+)$/;

/** @returns {import('koa').Middleware} */
export function loggedCdn() {
  /** @type {Map<string, string[]>} */
  const loads = new Map();
  return (ctx, next) => {
    if (ctx.path === '/__cdn-loads') {
      const run = String(ctx.query.run);
      ctx.body = loads.get(run) ?? [];
      loads.delete(run);
      return undefined;
    }
    const match = PREFIX.exec(ctx.path);
    if (!match) return next();
    const [, run = '', file = ''] = match;
    loads.set(run, [...(loads.get(run) ?? []), file]);
    ctx.url = `/.wtr-cdn/${file}${ctx.querystring ? `?${ctx.querystring}` : ''}`;
    return next();
  };
}
