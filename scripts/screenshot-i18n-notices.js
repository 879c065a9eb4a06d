// @ts-check
/**
 * Screenshots of the log's own lines, a refused attachment and an error
 * banner for a code that had no message before, in German, Japanese and
 * Arabic (issue 37): a run stopped at its step limit (the notice), a file
 * refused under the composer, and the banner of a send whose only file was
 * refused (code `attachment-too-large`), light and dark, ~420 px wide.
 *
 *   node scripts/screenshot-i18n-notices.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

for (const locale of ['de', 'ja', 'ar']) {
  await screenshotLooks({
    pageDir: `.screenshot-i18n-notices-${locale}`,
    main: chatOnMockPage({
      mock: "{ turns: [toolCallTurn([{ name: 'not_a_tool', args: {} }]), textTurn('x')] }",
      attrs: { locale, 'max-iterations': '1' },
      setup: 'chat.attachments = { maxFileBytes: 1000 };',
      after: `const done = final();
chat.send('go');
await done;
try { chat.send('x', { attachments: [new File(['x'.repeat(5000)], 'report.txt', { type: 'text/plain' })] }); } catch {}
document.body.dataset.ran = 'yes';`,
    }),
    async shoot(page, { theme, width, outDir }) {
      if (width > 500) return [];
      const chat = page.locator('agent-chat');
      await page.locator('body[data-ran="yes"]').waitFor({ state: 'attached', timeout: 30000 });
      await chat.locator('[part~="error"]').waitFor({ timeout: 20000 });
      await chat.locator('input[type="file"]').setInputFiles({ name: 'photo.txt', mimeType: 'text/plain', buffer: Buffer.alloc(4000, 120) });
      await chat.locator('[part~="attachment-error"]').waitFor({ timeout: 10000 });
      await page.waitForTimeout(400);
      const path = `${outDir}/i18n-notices-${locale}-${theme}-${width}.png`;
      await page.screenshot({ path });
      return [path];
    },
  });
}
