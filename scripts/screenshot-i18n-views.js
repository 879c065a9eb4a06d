// @ts-check
/**
 * Screenshots of the views localised last (issue 37) in Arabic (right to
 * left) and German: an error written from its code (HTTP 400) with its
 * English detail opened, over a call with Undo; then the too-long warning.
 * Light and dark, ~420 px wide, on the real worker against the mock endpoint.
 *
 *   node scripts/screenshot-i18n-views.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

const SAY = { ar: 'ألغِ الطلب 3', de: 'Storniere Bestellung 3' };

for (const [locale, say] of Object.entries(SAY)) {
  await screenshotLooks({
    pageDir: `.screenshot-i18n-views-${locale}`,
    main: chatOnMockPage({
      imports: ["import { defineTool } from '../src/tools/define-tool.js';"],
      mock: `{ turns: [toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('✓'), errorTurn(400, 'model "nope" not found')] }`,
      attrs: { locale, 'context-tokens': '4096' },
      setup: "chat.tools = [defineTool({ name: 'cancel_order', description: 'Cancel an order', parameters: { type: 'object', properties: { id: { type: 'number' } } }, execute: () => ({ ok: true }), undo: () => {} })];",
      after: `let done = final();
chat.send(${JSON.stringify(say)});
await done;
done = final();
chat.send('?');
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
        const path = `${outDir}/i18n-views-${locale}-${name}-${theme}-${width}.png`;
        await page.screenshot({ path });
        shots.push(path);
      };
      await chat.locator('[part~="error-detail"] > summary').click();
      await shot('error-undo');
      await chat.locator('[part~="error"] button[aria-label]').last().click();
      const input = chat.locator('[part~="input"]');
      await input.fill('word '.repeat(4000));
      await input.press('Enter');
      await chat.locator('[part~="too-long"]').waitFor({ timeout: 10000 });
      await shot('too-long');
      return shots;
    },
  });
}
