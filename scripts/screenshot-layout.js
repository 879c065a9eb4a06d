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
import { screenshotLooks } from './lib/screenshot-harness.js';
import { mcpBrowserResolve } from '../test/support/mcp-servers.js';

/** @type {import('./lib/screenshot-harness.js').Look[]} */
const looks = [];
for (const state of (process.env.STATES ?? 'form,approval,error,long').split(',')) {
  looks.push({ query: `state=${state}`, theme: 'light', width: 320, height: 480 }, { query: `state=${state}`, theme: 'dark', width: 420, height: 800 });
}
looks.push({ query: 'state=approval', theme: 'light', width: 420, height: 800, forcedColors: 'active' }, { query: 'state=form', theme: 'dark', width: 320, height: 480, forcedColors: 'active' });

await screenshotLooks({
  pageDir: '.screenshot-layout',
  html: `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>body{margin:0}</style></head><body><script type="module" src="./main.ts"></script></body></html>`,
  main: `import { bigApproval, longMessages, longUrlError, manyFieldQuestion, stagedChat } from '../test/components/layout-stage.js';
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
  plugins: [mcpBrowserResolve()],
  looks,
  async shoot(page, { query = '', theme, width, height, forcedColors, outDir }) {
    page.on('console', (m) => m.type() === 'error' && console.error(m.text()));
    await page.waitForSelector('body[data-ready]', { state: 'attached', timeout: 60_000 });
    const file = `${outDir}/layout-${query.replace('state=', '')}-${theme}-${width}x${height}${forcedColors === 'active' ? '-forced' : ''}.png`;
    await page.screenshot({ path: file });
    return [file];
  },
});
