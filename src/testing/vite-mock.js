// @ts-check
/**
 * The scripted OpenAI-compatible mock (mock-handler.js) served by the app's
 * own Vite server — `vite` (dev), `vite preview` and Vitest's browser mode
 * (which runs the project's Vite config) — at `/__mock/`, exactly as
 * @web/test-runner's middleware serves it: pages script it with
 * `mockEndpoint()` from `pageloop/testing`, or use the `script` given here
 * at `/__mock/default/v1`.
 *
 * Invariant: requests outside `/__mock/` pass on untouched, so the plugin can
 * stay in a config that also serves the real app.
 *
 * @example
 * // vite.config.js
 * import { pageloopMock } from 'pageloop/testing/vite';
 * export default { plugins: [pageloopMock()] };
 */
import { MOCK_PREFIX, createMockHandler } from './mock-handler.js';

/**
 * @typedef {object} PageloopMockOptions
 * @property {string} [prefix] Where the mock answers (default `/__mock`).
 * @property {import('./mock-handler.js').MockScript} [script] A script served at `<prefix>/default/v1` from the start.
 */

/**
 * @param {PageloopMockOptions} [options]
 * @returns {import('vite').Plugin}
 */
export function pageloopMock(options = {}) {
  const mock = createMockHandler({ prefix: options.prefix ?? MOCK_PREFIX });
  if (options.script) mock.open(options.script, 'default');
  /** @type {import('vite').Connect.NextHandleFunction} */
  const middleware = (req, res, next) => {
    mock.handle(req, res).then((handled) => handled || next(), next);
  };
  return {
    name: 'pageloop-mock',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  };
}
