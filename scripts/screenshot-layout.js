// @ts-check
/**
 * Screenshots of `<agent-chat>`'s biggest states in a fixed box (issue 37):
 * an MCP form of 30 fields, an approval with 400 lines of arguments, an error
 * holding a 4 KB URL, a 1 MB paste with a 5,000-line reply — at 320×480 and
 * 420×800, light and dark, and the approval in forced colors (Windows High
 * Contrast, emulated). The states come from test/components/layout-stage.ts
 * (a stand-in agent's events), as the layout test draws them.
 *
 *   node scripts/screenshot-layout.js [outDir]      (default: /tmp/pageloop-screenshots)
 */
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { startDevServer } from '@web/dev-server';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromium } from 'playwright-core';
import { mcpBrowserResolve } from '../test/support/mcp-servers.js';

const outDir = process.argv[2] ?? '/tmp/pageloop-screenshots';
const pageDir = '.screenshot-layout';
mkdirSync(outDir, { recursive: true });
mkdirSync(pageDir, { recursive: true });
writeFileSync(`${pageDir}/index.html`, `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>body{margin:0}</style></head><body><script type="module" src="./main.ts"></script></body></html>`);
writeFileSync(
  `${pageDir}/main.ts`,
  `import { bigApproval, longMessages, longUrlError, manyFieldQuestion, stagedChat } from '../test/components/layout-stage.js';
const q = new URL(location.href).searchParams;
const chat = await stagedChat(innerWidth, innerHeight, q.get('theme') === 'auto' ? {} : { theme: q.get('theme') ?? 'light' });
const state = q.get('state');
if (state === 'form') {
  chat.mcp = [{ url: 'http://localhost:1/mcp', name: 'shop' }];
  // The MCP drawer hears questions once its chunk is in: asked again (the same id) until its panel shows.
  while (!chat.shadowRoot.querySelector('[part~="mcp-elicitation"]')) (chat.stage.emit(manyFieldQuestion(30)), await new Promise((r) => setTimeout(r, 100)));
} else if (state === 'approval') {
  chat.stage.emit(...bigApproval(400));
  while (!chat.shadowRoot.querySelector('[part~="approve-button"]')) await new Promise((r) => setTimeout(r, 20));
} else if (state === 'error') chat.stage.emit(...longUrlError(4096));
else if (state === 'long') {
  const events = longMessages(1_000_000, 5000);
  chat.stage.emit(...events, { type: 'final', reason: 'answer', text: events[1].delta });
}
await chat.updateComplete;
await new Promise((r) => setTimeout(r, 300));
document.body.dataset.ready = 'true';
`,
);
const server = await startDevServer({
  config: { rootDir: '.', port: 0, nodeResolve: true, plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }), mcpBrowserResolve()] },
  readCliArgs: false,
  readFileConfig: false,
  logStartMessage: false,
});
const port = /** @type {import('node:net').AddressInfo} */ (server.server?.address()).port;
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const shots = [];
/** @type {Array<[string, string, number, number, ('active' | 'none')?]>} */
const LOOKS = [];
for (const state of (process.env.STATES ?? 'form,approval,error,long').split(',')) {
  LOOKS.push([state, 'light', 320, 480], [state, 'dark', 420, 800]);
}
LOOKS.push(['approval', 'light', 420, 800, 'active'], ['form', 'dark', 320, 480, 'active']);
try {
  for (const [state, theme, width, height, forced] of LOOKS) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, forcedColors: forced ?? 'none' });
    const page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && console.error(m.text()));
    page.on('pageerror', (err) => console.error(`[${state} ${theme} ${width}] page error:`, err.message));
    await page.goto(`http://localhost:${port}/${pageDir}/index.html?theme=${theme}&state=${state}`);
    await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 60_000 });
    const file = `${outDir}/layout-${state}-${theme}-${width}x${height}${forced === 'active' ? '-forced' : ''}.png`;
    await page.screenshot({ path: file });
    shots.push(file);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(pageDir, { recursive: true, force: true });
}
console.log(shots.join('\n'));
