// @ts-check
/**
 * A test-runner command (Node side) that opens a page in a **new browser
 * context** of the test's own Chromium and returns what the page reports.
 * A new context is a new renderer process: no module, compiled function,
 * regular expression or font is cached from the test's page or an earlier
 * run, which a same-page iframe would share (V8 caches compiled code and
 * regular expressions per process). The first-use test needs exactly that
 * cold start.
 *
 * From a test: `executeServerCommand('cold-page', { path, seed?, timeoutMs? })`, where the page
 * at `path` (on the test server) calls `window.__firstReply(report)` once; with `seed`, that page
 * runs first in a context of its own and the cold one starts with the storage it left (stored
 * threads). Resolves with `{ report, cpu }`: what the page reported, and from a Chromium trace of
 * the run the CPU time (thread time, ms) of the longest main-thread task between the page's first
 * `reply-start`/`reply-end` marks and between its second (`coldRun` in bench/lib/first-reply.js).
 */

import { coldRun } from '../../bench/lib/first-reply.js';

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function coldPages() {
  return {
    name: 'cold-pages',
    async executeCommand({ command, payload, session }) {
      if (command !== 'cold-page') return undefined;
      const { path, seed, timeoutMs } = /** @type {{ path: string, seed?: string, timeoutMs?: number }} */ (payload);
      const launcher = /** @type {{ getPage(id: string): import('playwright-core').Page }} */ (/** @type {unknown} */ (session.browser));
      const testPage = launcher.getPage(session.id);
      const browser = testPage.context().browser();
      if (!browser) throw new Error('cold-page: the test page has no browser to open a context in');
      const at = (/** @type {string} */ p) => new URL(p, testPage.url()).href;
      return coldRun(browser, at(path), seed ? at(seed) : undefined, timeoutMs);
    },
  };
}
