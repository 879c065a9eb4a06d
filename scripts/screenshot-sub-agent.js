// @ts-check
/**
 * Screenshots of a `dispatch_agent` card with its sub-agent's work, collapsed
 * and expanded, light and dark, wide and narrow (~420 px): the element on the
 * real worker, driven by the scripted mock endpoint (no model needed).
 *
 *   node scripts/screenshot-sub-agent.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { startDevServer } from '@web/dev-server';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromium } from 'playwright-core';
import { mockOpenAI } from '../src/testing/mock-middleware.js';

const outDir = process.argv[2] ?? '/tmp/pageloop-screenshots';
mkdirSync(outDir, { recursive: true });

// A throwaway page next to the sources, so the dev server resolves its imports.
const pageDir = '.screenshot-sub-agent';
mkdirSync(pageDir, { recursive: true });
writeFileSync(
  `${pageDir}/index.html`,
  `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>body{margin:0;padding:12px;font-family:system-ui} agent-chat{height:calc(100vh - 24px)}</style></head>
<body><script type="module" src="./main.ts"></script></body></html>`,
);
writeFileSync(
  `${pageDir}/main.ts`,
  `import '../components/define.js';
import { z } from 'zod';
import { defineTool } from '../src/tools/define-tool.js';
import { mockEndpoint } from '../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../src/testing/chunks.js';
const theme = new URL(location.href).searchParams.get('theme') ?? 'light';
const getOrder = defineTool({ name: 'get_order', description: 'Reads an order', parameters: z.object({ id: z.number() }), readOnly: true, execute: ({ id }) => ({ id, status: 'shipped', city: 'Lyon' }) });
const mock = await mockEndpoint({ turns: [
  toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Find where order 1004 is and when it shipped.' } }]),
  toolCallTurn([{ id: 'c1', name: 'get_order', args: { id: 1004 } }]),
  textTurn('Order 1004 shipped on 12 March and is now in **Lyon**.'),
  textTurn('Your order 1004 shipped on 12 March; it is in Lyon now.'),
] });
const chat = document.createElement('agent-chat');
chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
chat.setAttribute('model', 'mock-model');
chat.setAttribute('sub-agents', '');
chat.setAttribute('theme', theme);
chat.tools = [getOrder];
document.body.append(chat);
chat.addEventListener('agent-event', (e) => { if (e.detail.type === 'final') document.body.dataset.done = 'true'; });
await chat.updateComplete;
chat.send('Where is order 1004?');
`,
);

const server = await startDevServer({
  config: { rootDir: '.', port: 0, nodeResolve: true, middleware: [mockOpenAI()], plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })] },
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
try {
  for (const [theme, width, height] of /** @type {const} */ ([
    ['light', 900, 700],
    ['dark', 900, 700],
    ['light', 420, 800],
    ['dark', 420, 800],
  ])) {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    page.on('pageerror', (err) => console.error(`[${theme} ${width}] page error:`, err.message));
    await page.goto(`http://localhost:${port}/${pageDir}/index.html?theme=${theme}`);
    await page.locator('body[data-done="true"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    const name = `${theme}-${width}`;
    shots.push(`${outDir}/sub-agent-${name}-collapsed.png`);
    await page.screenshot({ path: shots.at(-1) });
    await page.locator('agent-chat').locator('[part~="sub-agent"] > summary').click();
    await page.waitForTimeout(200);
    shots.push(`${outDir}/sub-agent-${name}-expanded.png`);
    await page.screenshot({ path: shots.at(-1) });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(pageDir, { recursive: true, force: true });
}
console.log(shots.join('\n'));
