// @ts-check
/**
 * A test-runner command (Node side) that opens a page in a **new browser
 * context** of the test's own Chromium and returns what the page reports.
 * A new context is a new renderer process: no module, compiled function,
 * regular expression or font is cached from the test's page or an earlier
 * run, which a same-page iframe would share (V8 caches compiled code and
 * regular expressions per process). The first-reply test needs exactly that
 * cold start.
 *
 * From a test: `executeServerCommand('cold-page', { path, timeoutMs })`, where the page at
 * `path` (on the test server) calls `window.__firstReply(report)` once; resolves with
 * `{ report, cpu }`: what the page reported, and from a Chromium trace of the run the CPU
 * time (thread time, ms) of the longest main-thread task between the page's first
 * `reply-start`/`reply-end` marks and between its second (bench/lib/first-reply.js).
 */

import { longestCpuTasks } from '../../bench/lib/first-reply.js';

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function coldPages() {
  return {
    name: 'cold-pages',
    async executeCommand({ command, payload, session }) {
      if (command !== 'cold-page') return undefined;
      const { path, timeoutMs = 120_000 } = /** @type {{ path: string, timeoutMs?: number }} */ (payload);
      const launcher = /** @type {{ getPage(id: string): import('playwright-core').Page }} */ (/** @type {unknown} */ (session.browser));
      const testPage = launcher.getPage(session.id);
      const browser = testPage.context().browser();
      if (!browser) throw new Error('cold-page: the test page has no browser to open a context in');
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        /** @type {(report: unknown) => void} */
        let reported = () => {};
        const report = new Promise((resolve) => (reported = resolve));
        await page.exposeFunction('__firstReply', reported);
        await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let timer;
        try {
          await page.goto(new URL(path, testPage.url()).href);
          const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve({ error: `cold-page: ${path} reported nothing in ${timeoutMs} ms` }), timeoutMs)));
          const reported = await Promise.race([report, timeout]);
          return { report: reported, cpu: longestCpuTasks(JSON.parse((await browser.stopTracing()).toString()).traceEvents) };
        } finally {
          clearTimeout(timer);
        }
      } finally {
        await context.close();
      }
    },
  };
}
