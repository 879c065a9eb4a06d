#!/usr/bin/env node
// @ts-check
/**
 * Screenshots of what WebMCP refused, said in French and Arabic (issue 37):
 * on the strict polyfill, another widget of the page registered
 * `lookup_order` first, so the agent's own tool of that name cannot be
 * registered, and the widget's is not offered to the agent (which has the
 * name already). Each problem is its own notice, written by the catalog from
 * its data; the tool's name and the polyfill's message drawn as they are.
 *
 *   node scripts/screenshot-i18n-webmcp.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * committed.
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

for (const locale of ['fr', 'ar']) {
  await screenshotLooks({
    pageDir: `.screenshot-i18n-webmcp-${locale}`,
    main: chatOnMockPage({
      imports: ["import { initializeWebMCPPolyfill } from '@mcp-b/webmcp-polyfill';", "import { defineTool } from '../src/tools/define-tool.js';"],
      before: `initializeWebMCPPolyfill();
await document.modelContext.registerTool({ name: 'lookup_order', description: 'The shop widget’s lookup', execute: async () => 'theirs' }, { signal: new AbortController().signal });`,
      mock: "{ turns: [textTurn('x')] }",
      attrs: { locale },
      setup: `chat.tools = [defineTool({ name: 'lookup_order', description: 'Finds an order', parameters: { type: 'object', properties: {} }, execute: () => 'found' })];
chat.webmcp = { expose: true, consume: true };`,
      after: `await chat.agent.webmcp.ready;
document.body.dataset.ran = 'yes';`,
    }),
    async shoot(page, { theme, width, outDir }) {
      await page.locator('body[data-ran="yes"]').waitFor({ state: 'attached', timeout: 30000 });
      await page.locator('agent-chat').locator('[part~="webmcp-status"]').nth(1).waitFor({ timeout: 10000 });
      await page.waitForTimeout(300);
      const path = `${outDir}/i18n-webmcp-${locale}-${theme}-${width}.png`;
      await page.screenshot({ path });
      return [path];
    },
  });
}
