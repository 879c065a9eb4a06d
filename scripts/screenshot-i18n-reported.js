#!/usr/bin/env node
/**
 * Screenshots of the notices reported from outside the element's reducer, in
 * German and Arabic (issue 37): WebMCP unavailable (Chromium has none: the
 * real bridge reports it) and a prompt command typed with no MCP servers (the
 * real panel reports it), each written by the catalog, the command drawn as
 * it is.
 *
 *   node scripts/screenshot-i18n-reported.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * committed.
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

for (const locale of ['de', 'ar']) {
  await screenshotLooks({
    pageDir: `.screenshot-i18n-reported-${locale}`,
    main: chatOnMockPage({
      mock: "{ turns: [textTurn('x')] }",
      attrs: { locale, 'webmcp-expose': '' },
      after: `await chat.agent.webmcp.ready;
document.body.dataset.ran = 'yes';`,
    }),
    async shoot(page, { theme, width, outDir }) {
      const chat = page.locator('agent-chat');
      await page.locator('body[data-ran="yes"]').waitFor({ state: 'attached', timeout: 30000 });
      await chat.locator('[part~="webmcp-status"]').waitFor({ timeout: 20000 });
      const box = chat.locator('textarea');
      await box.fill('/files:summarise');
      await box.press('Enter');
      await page.waitForFunction(() => document.querySelector('agent-chat').shadowRoot.querySelectorAll('.notice').length >= 2, null, { timeout: 10000 });
      await page.waitForTimeout(400);
      const path = `${outDir}/i18n-reported-${locale}-${theme}-${width}.png`;
      await page.screenshot({ path });
      return [path];
    },
  });
}
