// @ts-check
/**
 * Screenshots of a follower (a second `<agent-chat>` on a thread another one
 * writes) while the writer waits for an approval: the tab notice, the
 * disabled composer and the approval shown as waiting in the other tab,
 * light and dark, wide and narrow (~420 px). Both elements are on one page
 * (each has its own worker, so the second one follows); the writer is
 * hidden.
 *
 *   node scripts/screenshot-follower.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { screenshotLooks } from './lib/screenshot-harness.js';

await screenshotLooks({
  pageDir: '.screenshot-follower',
  html:
  `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>body{margin:0;padding:12px;font-family:system-ui} agent-chat{height:calc(100vh - 24px)} .writer{position:absolute;left:-9999px;width:600px}</style></head>
<body><script type="module" src="./main.ts"></script></body></html>`,
  main:
  `import '../components/define.js';
import { defineTool } from '../src/tools/define-tool.js';
import { mockEndpoint } from '../src/testing/mock-endpoint.js';
import { textTurn, toolCallTurn } from '../src/testing/chunks.js';
const theme = new URL(location.href).searchParams.get('theme') ?? 'light';
const cancelOrder = defineTool({ name: 'cancel_order', description: 'Cancels an order', parameters: { type: 'object', properties: { id: { type: 'number' } } }, needsApproval: true, execute: () => ({ cancelled: true }) });
const mock = await mockEndpoint({ turns: [
  textTurn('Order 1004 shipped on 12 March; it is in Lyon now.'),
  toolCallTurn([{ id: 'c1', name: 'cancel_order', args: { id: 1004 } }], { text: 'I will cancel order 1004.' }),
] });
const thread = 'shot-' + crypto.randomUUID();
const make = (cls: string) => {
  const chat = document.createElement('agent-chat');
  chat.className = cls;
  chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
  chat.setAttribute('model', 'mock-model');
  chat.setAttribute('thread', thread);
  chat.setAttribute('theme', theme);
  chat.tools = [cancelOrder];
  document.body.append(chat);
  return chat;
};
const writer = make('writer');
await writer.agent.ready;
await writer.agent.send('Where is order 1004?').done;
const follower = make('follower');
await follower.agent.ready;
writer.send('Cancel it, please.');
`,
  async shoot(page, { theme, width, outDir }) {
    await page.locator('agent-chat.follower [part~="approval-elsewhere"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    const shot = `${outDir}/follower-approval-${theme}-${width}.png`;
    await page.screenshot({ path: shot });
    return [shot];
  },
});
