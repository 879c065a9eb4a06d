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
 * From a test: `executeServerCommand('cold-page', { path, seed?, timeoutMs?, trace? })` starts a run and
 * answers `{ id }` at once; `executeServerCommand('cold-page-result', { id })` answers
 * `{ done: true, value }` once it is over, or `{ done: false }` after waiting a while (ask again).
 * Two commands, because the test runner gives a command 20 s to answer, and on a busy machine a
 * cold run (a seed page, then a cold page streaming a long reply twice) takes longer. The page at
 * `path` (on the test server) calls `window.__firstReply(report)` once; with `seed`, that page
 * runs first in a context of its own and the cold one starts with the storage it left (stored
 * threads). `value` is `{ report, cpu }`: what the page reported, and from a Chromium trace of
 * the run the CPU time (thread time, ms) of the longest main-thread task between the page's first
 * `reply-start`/`reply-end` marks and between its second (`coldRun` in bench/lib/first-reply.js).
 */

import { coldRun } from '../../bench/lib/first-reply.js';

/** How long one `cold-page-result` waits for its run before answering "not yet", well inside the runner's 20 s. */
const RESULT_WAIT_MS = 10_000;

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function coldPages() {
  /** @type {Map<number, Promise<unknown>>} */
  const running = new Map();
  let lastId = 0;
  // One cold run at a time, whichever file asks: the runner runs two files at once, and two cold
  // pages side by side on a 2-core machine each measure the other's load (first-reply's CPU rule).
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  return {
    name: 'cold-pages',
    async executeCommand({ command, payload, session }) {
      if (command === 'cold-page-result') {
        const { id } = /** @type {{ id: number }} */ (payload);
        const run = running.get(id);
        if (!run) throw new Error(`cold-page-result: no run ${id}`);
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let timer;
        const waited = new Promise((resolve) => (timer = setTimeout(() => resolve({ done: false }), RESULT_WAIT_MS)));
        try {
          const answer = await Promise.race([run.then((value) => ({ done: true, value })), waited]);
          if (/** @type {{ done: boolean }} */ (answer).done) running.delete(id);
          return answer;
        } catch (err) {
          running.delete(id);
          throw err;
        } finally {
          clearTimeout(timer);
        }
      }
      if (command !== 'cold-page') return undefined;
      // `trace: false`: no CPU figures, and no clash with another file's traced run (a browser records one trace at a time).
      const { path, seed, timeoutMs, trace = true } = /** @type {{ path: string, seed?: string, timeoutMs?: number, trace?: boolean }} */ (payload);
      const launcher = /** @type {{ getPage(id: string): import('playwright-core').Page }} */ (/** @type {unknown} */ (session.browser));
      const testPage = launcher.getPage(session.id);
      const browser = testPage.context().browser();
      if (!browser) throw new Error('cold-page: the test page has no browser to open a context in');
      const at = (/** @type {string} */ p) => new URL(p, testPage.url()).href;
      const id = ++lastId;
      const run = queue.then(() => coldRun(browser, at(path), seed ? at(seed) : undefined, timeoutMs, trace));
      queue = run.catch(() => {});
      // Settled by cold-page-result; a rejection is its answer there, not an unhandled one here.
      run.catch(() => {});
      running.set(id, run);
      return { id };
    },
  };
}
