// @ts-check
/**
 * Screenshots of the trace view: `<agent-chat>`'s trace drawer on a run with
 * a retried request (a 503), a tool that asks for approval, and a sub-agent
 * with a call of its own — the drawer open, then a row's details open — and
 * the standalone `<agent-trace>` on the same thread's exported file; light
 * and dark, wide and narrow (~420 px; under 480 px the trace is a modal
 * dialog), and the chat as a 360 px sidebar of the wide page with the trace
 * open as a dialog wider than it, on the real worker and the scripted
 * mock endpoint (no model needed).
 *
 *   node scripts/screenshot-trace.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

await screenshotLooks({
  pageDir: '.screenshot-trace',
  html:
  `<!doctype html><html><head><meta name="viewport" content="width=device-width"><style>body{margin:0;padding:12px;font-family:system-ui} agent-chat{height:calc(100vh - 24px)} body.alone{background:#888}</style></head>
<body><script type="module" src="./main.ts"></script></body></html>`,
  main: chatOnMockPage({
    imports: ["import '../components/trace/agent-trace-define.js';", "import { z } from 'zod';", "import { defineTool } from '../src/tools/define-tool.js';"],
    before: `const getOrder = defineTool({ name: 'get_order', description: 'Reads an order', parameters: z.object({ id: z.number() }), readOnly: true, execute: async ({ id }) => (await new Promise((r) => setTimeout(r, 120)), { id, status: 'shipped', city: 'Lyon' }) });
const setStatus = defineTool({ name: 'set_status', description: 'Sets an order status', parameters: z.object({ id: z.number(), status: z.string() }), needsApproval: true, execute: ({ id, status }) => ({ id, status }) });`,
    mock: `{ turns: [
  errorTurn(503, 'busy', { 'retry-after-ms': '400' }),
  toolCallTurn([{ id: 'c1', name: 'set_status', args: { id: 1004, status: 'shipped' } }], { delayMs: 60, usage: { prompt_tokens: 812, completion_tokens: 31 } }),
  toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Find where order 1004 is.' } }], { delayMs: 50, usage: { prompt_tokens: 880, completion_tokens: 24 } }),
  toolCallTurn([{ id: 'k1', name: 'get_order', args: { id: 1004 } }], { delayMs: 40, usage: { prompt_tokens: 301, completion_tokens: 18 } }),
  textTurn('Order 1004 is in Lyon.', { delayMs: 40, usage: { prompt_tokens: 350, completion_tokens: 9 } }),
  textTurn('Order 1004 is marked shipped; it is in Lyon now.', { delayMs: 50, usage: { prompt_tokens: 960, completion_tokens: 14 } }),
] }`,
    attrs: { 'sub-agents': '', 'max-retries': '1' },
    setup: `chat.setAttribute('thread', 'screenshot-trace-' + crypto.randomUUID());
chat.tools = [getOrder, setStatus];
chat.addEventListener('agent-event', (e) => { if (e.detail.type === 'final') document.body.dataset.done = 'true'; });`,
    after: `chat.send('Mark order 1004 shipped and tell me where it is.');
window.showAlone = async () => {
  const file = JSON.parse(await chat.agent.threads.export(chat.getAttribute('thread')));
  chat.remove();
  document.body.classList.add('alone');
  const view = document.createElement('agent-trace');
  view.setAttribute('theme', theme);
  view.file = file;
  document.body.append(view);
  await view.refresh();
};`,
  }),
  async shoot(page, { theme, width, outDir }) {
    const chat = page.locator('agent-chat');
    await chat.locator('[part~="approve-button"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(700);
    await chat.locator('[part~="approve-button"]').click();
    await page.locator('body[data-done="true"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    const name = `${theme}-${width}`;
    /** @type {string[]} */
    const shots = [];
    const shot = async (/** @type {string} */ what) => {
      const path = `${outDir}/trace-${name}-${what}.png`;
      await page.screenshot({ path });
      shots.push(path);
    };
    await chat.locator('[part~="trace-button"]').click();
    await chat.locator('agent-trace li.span').first().waitFor();
    await page.waitForTimeout(200);
    await shot('drawer');
    await chat.locator('agent-trace summary').nth(2).click();
    await page.waitForTimeout(200);
    await shot('details');
    if (width > 480) {
      // A 360 px sidebar of the wide page: the trace opens as a dialog wider than the element.
      await chat.locator('[part~="trace-close-button"]').click();
      await page.addStyleTag({ content: 'agent-chat { width: 360px; margin-inline-start: auto; box-shadow: -1px 0 0 #8888 }' });
      await chat.locator('[part~="trace-button"]').click();
      await chat.locator('dialog.trace-dialog agent-trace li.span').first().waitFor();
      await page.waitForTimeout(200);
      await shot('sidebar-dialog');
      await page.keyboard.press('Escape');
    }
    await page.evaluate('window.showAlone()');
    await page.waitForTimeout(300);
    await shot('standalone');
    return shots;
  },
});
