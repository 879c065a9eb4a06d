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
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

await screenshotLooks({
  pageDir: '.screenshot-sub-agent',
  main: chatOnMockPage({
    imports: ["import { z } from 'zod';", "import { defineTool } from '../src/tools/define-tool.js';"],
    before: "const getOrder = defineTool({ name: 'get_order', description: 'Reads an order', parameters: z.object({ id: z.number() }), readOnly: true, execute: ({ id }) => ({ id, status: 'shipped', city: 'Lyon' }) });",
    mock: `{ turns: [
  toolCallTurn([{ id: 'd1', name: 'dispatch_agent', args: { task: 'Find where order 1004 is and when it shipped.' } }]),
  toolCallTurn([{ id: 'c1', name: 'get_order', args: { id: 1004 } }]),
  textTurn('Order 1004 shipped on 12 March and is now in **Lyon**.'),
  textTurn('Your order 1004 shipped on 12 March; it is in Lyon now.'),
] }`,
    attrs: { 'sub-agents': '' },
    setup: `chat.tools = [getOrder];
chat.addEventListener('agent-event', (e) => { if (e.detail.type === 'final') document.body.dataset.done = 'true'; });`,
    after: "chat.send('Where is order 1004?');",
  }),
  async shoot(page, { theme, width, outDir }) {
    await page.locator('body[data-done="true"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    const name = `${theme}-${width}`;
    const collapsed = `${outDir}/sub-agent-${name}-collapsed.png`;
    await page.screenshot({ path: collapsed });
    await page.locator('agent-chat').locator('[part~="sub-agent"] > summary').click();
    await page.waitForTimeout(200);
    const expanded = `${outDir}/sub-agent-${name}-expanded.png`;
    await page.screenshot({ path: expanded });
    return [collapsed, expanded];
  },
});
