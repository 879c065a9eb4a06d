// @ts-check
/**
 * Screenshots of WebMCP in `<agent-chat webmcp-expose>`: a browser agent's call
 * of a page tool waiting for approval (its card marked "browser agent"), one
 * it already ran, and, in a second element on a page without WebMCP, the
 * status line saying so; light and dark, wide and narrow (~420 px). The strict
 * polyfill stands in for the browser's WebMCP, and the page itself plays the
 * browser agent (`executeTool`).
 *
 *   node scripts/screenshot-webmcp.js [outDir]
 */
import { screenshotLooks } from './lib/screenshot-harness.js';

await screenshotLooks({
  pageDir: '.screenshot-webmcp',
  html: `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>body{margin:0;padding:12px;font-family:system-ui;display:grid;gap:12px} agent-chat{height:calc(60vh - 24px)} agent-chat.absent{height:calc(40vh - 24px)}</style></head>
<body><script type="module" src="./main.ts"></script></body></html>`,
  main: `import '../components/define.js';
import { initializeWebMCPPolyfill, cleanupWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';
import { defineTool } from '../src/tools/define-tool.js';
import { mockEndpoint } from '../src/testing/mock-endpoint.js';
import { textTurn } from '../src/testing/chunks.js';
const theme = new URL(location.href).searchParams.get('theme') ?? 'light';
const refund = defineTool({ name: 'refund_order', description: 'Refunds an order', parameters: { type: 'object', properties: { id: { type: 'number' } } }, needsApproval: true, execute: (a: { id: number }) => ({ refunded: a.id }) });
const lookup = defineTool({ name: 'lookup_order', description: 'Finds an order', parameters: { type: 'object', properties: { id: { type: 'number' } } }, readOnly: true, execute: (a: { id: number }) => ({ id: a.id, status: 'shipped' }) });
const mock = await mockEndpoint({ turns: [textTurn('Hi.')] });
const make = (cls: string) => {
  const chat = document.createElement('agent-chat');
  chat.className = cls;
  chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
  chat.setAttribute('model', 'mock-model');
  chat.setAttribute('theme', theme);
  chat.setAttribute('webmcp-expose', '');
  chat.tools = [lookup, refund];
  document.body.append(chat);
  return chat;
};
const absent = make('absent');
await absent.agent.webmcp.ready;
initializeWebMCPPolyfill();
const chat = make('present');
await chat.agent.webmcp.ready;
const mc = (document as any).modelContext;
const tools = await mc.getTools();
await mc.executeTool(tools.find((t: any) => t.name === 'lookup_order'), '{"id":1004}');
void mc.executeTool(tools.find((t: any) => t.name === 'refund_order'), '{"id":1004}');
`,
  async shoot(page, { theme, width, outDir }) {
    await page.locator('agent-chat.present [part~="approve-button"]').waitFor({ timeout: 20000 });
    await page.locator('agent-chat.absent [part~="webmcp-status"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    const shot = `${outDir}/webmcp-${theme}-${width}.png`;
    await page.screenshot({ path: shot });
    return [shot];
  },
});
