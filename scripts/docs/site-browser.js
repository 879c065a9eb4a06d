// @ts-check
/**
 * The built site in headless Chromium, as a reader with no network has it:
 * served from a local folder, every request outside it refused. For
 * scripts/docs/check-site.js:
 *
 * - axe-core (all its default rules, as test/components/demo-a11y.test.ts
 *   runs them) finds no violation on every guide and reference page, in the
 *   light theme and the dark one (the reader's `prefers-color-scheme`), and
 *   on a sample of the generated API pages;
 * - in a 420 px wide window, no page is wider than the window (tables and
 *   code scroll inside their own boxes);
 * - the search box finds "approval" in the guides, from the index built into
 *   the site, with nothing fetched from outside;
 * - with `shots`, screenshots of a few pages, light, dark and 420 px wide, to
 *   look at.
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { filesUnder } from '../lib/files-under.js';

// Inside `page.evaluate` the page's globals are reached as `(globalThis)` cast to any:
// this file is type-checked for Node, without the DOM's types, and each callback runs in the page.

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2', '.ico': 'image/x-icon' };
const AXE = readFileSync(resolve(new URL('../..', import.meta.url).pathname, 'node_modules/axe-core/axe.min.js'), 'utf8');
/** Pages screenshotted with `shots`. */
const SHOTS = ['index.html', 'guide/first-agent.html', 'reference/agent-chat.html', 'reference/element.html'];
/** Generated API pages checked with axe (they share one template). */
const API_SAMPLE = ['reference/api/index.html', 'reference/api/pageloop/interfaces/AgentOptions.html', 'reference/api/pageloop/functions/createAgent.html', 'reference/api/pageloop/type-aliases/AgentEvent.html'];

/** Serves `dir` under `base` on 127.0.0.1. @param {string} dir @param {string} base */
async function serve(dir, base) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.startsWith(base) ? join(dir, path.slice(base.length)) : '';
    if (file && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!file || !existsSync(file)) {
      res.writeHead(404, { 'content-type': 'text/html' }).end(readFileSync(join(dir, '404.html')));
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[/** @type {keyof TYPES} */ (extname(file))] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/**
 * Opens `url` and waits until VitePress has hydrated it (Vue's mount marks `#app`).
 * The served HTML is not yet the page a reader has: some names are set only once the
 * page's script has run (the appearance switch's title, say), and on a loaded
 * machine the load event can come before that.
 * @param {import('playwright-core').Page} page @param {string} url
 */
async function visit(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => Boolean(/** @type {any} */ (globalThis).document.querySelector('#app')?.__vue_app__), undefined, { timeout: 30_000 });
}

/** The site's own pages (not the generated API), relative to `dir`. @param {string} dir */
function handWrittenPages(dir) {
  return filesUnder(dir, { ext: '.html', skip: (folder) => folder === 'assets' || folder === 'reference/api' }).filter((p) => p !== '404.html');
}

/**
 * @param {string} dir the build folder @param {{ base: string, shots?: string }} options
 * @returns {Promise<{ problems: string[], notes: string[] }>}
 */
export async function checkInBrowser(dir, { base, shots }) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const notes = [];
  const { server, origin } = await serve(dir, base);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let refused = 0;
  /** @param {{ colorScheme: 'light' | 'dark', width: number }} look */
  const open = async ({ colorScheme, width }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme, deviceScaleFactor: 1 });
    // Offline: nothing but the site itself.
    await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : (refused++, route.abort())));
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error (${colorScheme}, ${width} px): ${error.message}`));
    return { context, page };
  };
  const pages = [...handWrittenPages(dir), ...API_SAMPLE];
  try {
    // Light and dark side by side, each in its own context: axe's run is most of the time
    // and takes one renderer's thread, so two at once use both cores (CI's time).
    /** @param {'light' | 'dark'} colorScheme @returns {Promise<string[]>} */
    const axeIn = async (colorScheme) => {
      /** @type {string[]} */
      const found = [];
      const { context, page } = await open({ colorScheme, width: 1280 });
      for (const path of pages) {
        await visit(page, `${origin}${base}${path}`);
        const dark = await page.evaluate(() => /** @type {any} */ (globalThis).document.documentElement.classList.contains('dark'));
        if (dark !== (colorScheme === 'dark')) found.push(`${path}: the ${colorScheme} theme did not follow prefers-color-scheme`);
        await page.addScriptTag({ content: AXE });
        /** @type {{ id: string, help: string, nodes: { target: string[] }[] }[]} */
        const violations = await page.evaluate(async () => (await /** @type {any} */ (globalThis).axe.run(/** @type {any} */ (globalThis).document, { resultTypes: ['violations'] })).violations.map((/** @type {any} */ v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((/** @type {any} */ n) => ({ target: n.target })) })));
        for (const v of violations) found.push(`${path} (${colorScheme}): axe ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`);
      }
      await context.close();
      return found;
    };
    for (const found of await Promise.all([axeIn('light'), axeIn('dark')])) problems.push(...found);
    notes.push(`axe found nothing on ${pages.length} pages, light and dark`);

    const narrow = await open({ colorScheme: 'light', width: 420 });
    for (const path of pages) {
      await visit(narrow.page, `${origin}${base}${path}`);
      const width = await narrow.page.evaluate(() => /** @type {any} */ (globalThis).document.documentElement.scrollWidth);
      if (width > 420) problems.push(`${path}: ${width} px wide in a 420 px window`);
    }
    notes.push(`${pages.length} pages fit a 420 px window`);

    const { page } = narrow;
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, `${origin}${base}index.html`);
    await page.locator('#local-search button').first().click();
    await page.locator('#localsearch-input').fill('approval');
    const results = page.locator('#localsearch-list li a');
    await results.first().waitFor({ timeout: 10_000 }).catch(() => undefined);
    const hrefs = await results.evaluateAll((links) => links.map((a) => /** @type {any} */ (a).getAttribute('href') ?? ''));
    if (!hrefs.some((h) => h.includes('guide/tools-and-approvals'))) problems.push(`search: "approval" did not find the Tools and approvals guide offline (results: ${hrefs.slice(0, 5).join(', ') || 'none'})`);
    else notes.push(`search found "approval" offline: ${hrefs.length} results`);
    await narrow.context.close();

    if (shots) {
      for (const [colorScheme, width] of /** @type {const} */ ([['light', 1280], ['dark', 1280], ['light', 420], ['dark', 420]])) {
        const { context, page } = await open({ colorScheme, width });
        for (const path of SHOTS) {
          await visit(page, `${origin}${base}${path}`);
          const file = join(shots, `${path.replace(/\//g, '_').replace(/\.html$/, '')}-${colorScheme}-${width}.png`);
          await page.screenshot({ path: file });
          notes.push(`screenshot ${file}`);
        }
        await context.close();
      }
    }
    notes.push(`${refused} requests outside the site refused`);
  } finally {
    await browser.close();
    server.close();
  }
  return { problems, notes };
}
