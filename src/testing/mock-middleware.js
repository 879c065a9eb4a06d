// @ts-check
/**
 * The scripted OpenAI-compatible mock endpoint (mock-handler.js), as a Koa
 * middleware for @web/dev-server / @web/test-runner (Node side). Tests script
 * it from the browser with `mockEndpoint()` (pageloop/testing): POST a script
 * to `/__mock/scripts`, then point the agent at the returned `baseURL`; the
 * log of what it received is at `/__mock/<id>/log`.
 *
 * @example
 * // web-test-runner.config.js
 * import { mockOpenAI } from 'pageloop/testing/middleware';
 * export default { middleware: [mockOpenAI()] };
 */
import { createMockHandler } from './mock-handler.js';

export { hashEmbedding } from './mock-handler.js';

/**
 * @param {{ prefix?: string }} [options]
 * @returns {(ctx: any, next: () => Promise<unknown>) => Promise<unknown>}
 */
export function mockOpenAI(options = {}) {
  const mock = createMockHandler(options);
  return async function mockOpenAIMiddleware(ctx, next) {
    // The handler writes the whole answer itself, streams included: Koa must not write one too.
    if (!(await mock.handle(ctx.req, ctx.res))) return next();
    ctx.respond = false;
  };
}
