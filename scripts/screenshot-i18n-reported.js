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
import { screenshotLooks } from './lib/screenshot-harness.js';

for (const locale of ['de', 'ar']) {
  await screenshotLooks({
    pageDir: `.screenshot-i18n-reported-${locale}`,
    main: `import '../components/define.js';
import { mockEndpoint } from '../src/testing/mock-endpoint.js';
import { textTurn } from '../src/testing/chunks.js';
const theme = new URL(location.href).searchParams.get('theme') ?? 'light';
const mock = await mockEndpoint({ turns: [textTurn('x')] });
const chat = document.createElement('agent-chat');
chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
chat.setAttribute('model', 'mock-model');
chat.setAttribute('locale', '${locale}');
chat.setAttribute('theme', theme);
chat.setAttribute('webmcp-expose', '');
document.body.append(chat);
await chat.updateComplete;
await chat.agent.webmcp.ready;
document.body.dataset.ran = 'yes';
`,
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
