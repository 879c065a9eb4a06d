// @ts-check
/**
 * Screenshots of the rooms loaded on first use in Arabic (right to left) and
 * Japanese (issue 37): the doctor's checklist, the thread list, the MCP
 * drawer and the trace view, light and dark, ~420 px wide, on the real
 * worker against the mock endpoint (as llama.cpp's server) and a real MCP
 * server (test/support/mcp-servers.js).
 *
 *   node scripts/screenshot-i18n-rooms.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';
import { mcpServers, mcpBrowserResolve } from '../test/support/mcp-servers.js';

const SAY = { ar: 'ابحث عن الطلب 3', ja: '注文 3 を調べて' };

for (const [locale, say] of Object.entries(SAY)) {
  await screenshotLooks({
    pageDir: `.screenshot-i18n-${locale}`,
    middleware: [mcpServers()],
    plugins: [mcpBrowserResolve()],
    main: chatOnMockPage({
      imports: ["import { defineTool } from '../src/tools/define-tool.js';"],
      before: "const urls = await (await fetch('/__mcp/servers')).json();",
      mock: "{ family: 'llama.cpp', contextLength: 4096, turns: [toolCallTurn([{ name: 'look_up', args: { id: 3 } }]), textTurn('✓'), textTurn('ok')] }",
      attrs: { locale, 'show-threads': '' },
      setup: `chat.tools = [defineTool({ name: 'look_up', description: 'Look an order up', parameters: { type: 'object', properties: { id: { type: 'number' } } }, execute: () => ({ status: 'shipped' }) })];
chat.mcp = [{ url: urls.lab, name: 'notes' }];`,
      after: `const done = final();
chat.send(${JSON.stringify(say)});
await done;
document.body.dataset.ran = 'yes';`,
    }),
    async shoot(page, { theme, width, outDir }) {
      if (width > 500) return [];
      const chat = page.locator('agent-chat');
      await page.locator('body[data-ran="yes"]').waitFor({ state: 'attached', timeout: 30000 });
      /** @type {string[]} */
      const shots = [];
      const shot = async (/** @type {string} */ name) => {
        await page.waitForTimeout(400);
        const path = `${outDir}/i18n-${locale}-${name}-${theme}-${width}.png`;
        await page.screenshot({ path });
        shots.push(path);
      };
      const input = chat.locator('[part~="input"]');
      await input.fill('/doctor');
      await input.press('Enter');
      await chat.locator('.doctor-checks').waitFor({ timeout: 30000 });
      await shot('doctor');
      await chat.locator('[part~="threads"] > summary').click();
      await chat.locator('.thread-rename').first().waitFor({ timeout: 10000 });
      await shot('threads');
      await chat.locator('[part~="threads"] > summary').click();
      await chat.locator('[part~="mcp-server"][data-state="connected"]').waitFor({ state: 'attached', timeout: 30000 });
      await chat.locator('[part~="mcp-servers"] > summary').click();
      await shot('mcp');
      await chat.locator('[part~="mcp-servers"] > summary').click();
      await input.fill('/trace');
      await input.press('Enter');
      await chat.locator('agent-trace [part~="trace-tree"]').waitFor({ timeout: 20000 });
      await chat.locator('agent-trace summary.span-summary').nth(1).click();
      await shot('trace');
      return shots;
    },
  });
}
