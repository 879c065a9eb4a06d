// @ts-check
/**
 * The harness of the element screenshot scripts: a throwaway page next to the
 * sources (so the dev server resolves its imports), the dev server with the
 * mock endpoint, headless Chromium, and the four looks every new element
 * state is checked in (light and dark, wide and ~420 px narrow). The PNGs are
 * for looking at, not for the repository.
 */
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { startDevServer } from '@web/dev-server';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromium } from 'playwright-core';
import { mockOpenAI } from '../../src/testing/mock-middleware.js';

/**
 * A look: the theme (`?theme=` in the page's URL), the window, and optionally
 * more of the URL's query (`state=form`, say) and emulated forced colours.
 * @typedef {{ theme: string, width: number, height: number, query?: string, forcedColors?: 'active' | 'none' }} Look
 */

/** @type {Look[]} */
const LOOKS = [
  { theme: 'light', width: 900, height: 700 },
  { theme: 'dark', width: 900, height: 700 },
  { theme: 'light', width: 420, height: 800 },
  { theme: 'dark', width: 420, height: 800 },
];

/** The page most scripts serve: the element filling the window, its module `main.ts`. */
export const CHAT_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>body{margin:0;padding:12px;font-family:system-ui} agent-chat{height:calc(100vh - 24px)}</style></head>
<body><script type="module" src="./main.ts"></script></body></html>`;

/**
 * Serves `html` (default: CHAT_PAGE) and `main` (a module; `?theme=` in the page's URL says the
 * look) in `pageDir`, opens the page in each look and lets `shoot` take that
 * look's pictures; prints their paths. `outDir`: the script's first argument,
 * else /tmp/pageloop-screenshots.
 * `middleware` and `plugins` join the dev server's (e.g. the test MCP servers);
 * `looks` replaces the four usual ones.
 * @param {{ pageDir: string, html?: string, main: string, shoot: (page: import('playwright-core').Page, look: Look & { outDir: string }) => Promise<string[]>, middleware?: any[], plugins?: any[], looks?: Look[] }} spec
 */
export async function screenshotLooks({ pageDir, html = CHAT_PAGE, main, shoot, middleware = [], plugins = [], looks = LOOKS }) {
  const outDir = process.argv[2] ?? '/tmp/pageloop-screenshots';
  mkdirSync(outDir, { recursive: true });
  mkdirSync(pageDir, { recursive: true });
  writeFileSync(`${pageDir}/index.html`, html);
  writeFileSync(`${pageDir}/main.ts`, main);
  const server = await startDevServer({
    config: { rootDir: '.', port: 0, nodeResolve: true, middleware: [mockOpenAI(), ...middleware], plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }), ...plugins] },
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
    for (const look of looks) {
      const { theme, width, height, query, forcedColors = 'none' } = look;
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1, forcedColors });
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error(`[${theme} ${width}${query ? ` ${query}` : ''}] page error:`, err.message));
      await page.goto(`http://localhost:${port}/${pageDir}/index.html?theme=${theme}${query ? `&${query}` : ''}`);
      shots.push(...(await shoot(page, { ...look, outDir })));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(pageDir, { recursive: true, force: true });
  }
  console.log(shots.join('\n'));
}

/**
 * The `main` of a page with one `<agent-chat>` on the scripted mock endpoint:
 * the prelude most scripts share. It imports the element, `mockEndpoint` and
 * the turn makers (`textTurn`, `toolCallTurn`, `errorTurn`), reads the look's
 * `theme`, starts `mock` (`mockEndpoint(<mock>)`), makes `chat` with
 * `base-url` (the mock's), `model` ('mock-model' unless `attrs` says),
 * `attrs` (literal values) and `theme`, appends it, awaits its first render
 * and defines `final()` (a promise of its run's next `final` event). The
 * script's own parts are page code (text), each in its place: `imports`
 * (more import lines), `before` (after `theme`, before the mock: the page's
 * own set-up), `mock` (the endpoint's options, e.g.
 * `{ turns: [textTurn('Hi.')] }`), `setup` (on `chat` before it is appended:
 * tools, MCP servers, listeners), `after` (once it has rendered: what the
 * script does with it).
 * @param {{ mock: string, attrs?: Record<string, string>, imports?: string[], before?: string, setup?: string, after?: string }} page
 */
export function chatOnMockPage({ mock, attrs = {}, imports = [], before = '', setup = '', after = '' }) {
  const attributes = Object.entries({ model: 'mock-model', ...attrs }).map(([name, value]) => `chat.setAttribute(${JSON.stringify(name)}, ${JSON.stringify(value)});`);
  return [
    `import '../components/define.js';`,
    `import { mockEndpoint } from '../src/testing/mock-endpoint.js';`,
    `import { errorTurn, textTurn, toolCallTurn } from '../src/testing/chunks.js';`,
    ...imports,
    `const theme = new URL(location.href).searchParams.get('theme') ?? 'light';`,
    before,
    `const mock = await mockEndpoint(${mock});`,
    `const chat = document.createElement('agent-chat');`,
    `chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);`,
    ...attributes,
    `chat.setAttribute('theme', theme);`,
    setup,
    `document.body.append(chat);`,
    `await chat.updateComplete;`,
    `const final = () => new Promise((resolve) => chat.addEventListener('agent-event', function on(e) { if (e.detail.type === 'final') { chat.removeEventListener('agent-event', on); resolve(); } }));`,
    after,
  ].filter((line) => line !== '').join('\n') + '\n';
}
