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
 * From a test: `executeServerCommand('cold-page', { path, cpuSlowdown, timeoutMs })`, where
 * the page at `path` (on the test server) calls `window.__firstReply(report)` once; resolves
 * with `report`. `cpuSlowdown` (default 1: none) runs the page on a CPU that many times
 * slower (Chromium's CPU throttling, as Lighthouse's mobile runs use), like a phone's.
 */

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function coldPages() {
  return {
    name: 'cold-pages',
    async executeCommand({ command, payload, session }) {
      if (command !== 'cold-page') return undefined;
      const { path, cpuSlowdown = 1, timeoutMs = 120_000 } = /** @type {{ path: string, cpuSlowdown?: number, timeoutMs?: number }} */ (payload);
      const launcher = /** @type {{ getPage(id: string): import('playwright-core').Page }} */ (/** @type {unknown} */ (session.browser));
      const testPage = launcher.getPage(session.id);
      const browser = testPage.context().browser();
      if (!browser) throw new Error('cold-page: the test page has no browser to open a context in');
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        if (cpuSlowdown !== 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
        /** @type {(report: unknown) => void} */
        let reported = () => {};
        const report = new Promise((resolve) => (reported = resolve));
        await page.exposeFunction('__firstReply', reported);
        await page.goto(new URL(path, testPage.url()).href);
        /** @type {ReturnType<typeof setTimeout> | undefined} */
        let timer;
        const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve({ error: `cold-page: ${path} reported nothing in ${timeoutMs} ms` }), timeoutMs)));
        try {
          return await Promise.race([report, timeout]);
        } finally {
          clearTimeout(timer);
        }
      } finally {
        await context.close();
      }
    },
  };
}
