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
import { screenshotLooks } from './lib/screenshot-harness.js';

const SAY = { ar: 'ألغِ الطلب 3', de: 'Storniere Bestellung 3' };

for (const [locale, say] of Object.entries(SAY)) {
  await screenshotLooks({
    pageDir: `.screenshot-i18n-views-${locale}`,
    main: `import '../components/define.js';
import { mockEndpoint } from '../src/testing/mock-endpoint.js';
import { errorTurn, textTurn, toolCallTurn } from '../src/testing/chunks.js';
import { defineTool } from '../src/tools/define-tool.js';
const theme = new URL(location.href).searchParams.get('theme') ?? 'light';
const mock = await mockEndpoint({ turns: [toolCallTurn([{ name: 'cancel_order', args: { id: 3 } }]), textTurn('✓'), errorTurn(400, 'model "nope" not found')] });
const chat = document.createElement('agent-chat');
chat.setAttribute('base-url', new URL(mock.baseURL, location.href).href);
chat.setAttribute('model', 'mock-model');
chat.setAttribute('locale', '${locale}');
chat.setAttribute('theme', theme);
chat.setAttribute('context-tokens', '4096');
chat.tools = [defineTool({ name: 'cancel_order', description: 'Cancel an order', parameters: { type: 'object', properties: { id: { type: 'number' } } }, execute: () => ({ ok: true }), undo: () => {} })];
document.body.append(chat);
await chat.updateComplete;
const final = () => new Promise((resolve) => chat.addEventListener('agent-event', function on(e) { if (e.detail.type === 'final') { chat.removeEventListener('agent-event', on); resolve(); } }));
let done = final();
chat.send(${JSON.stringify(say)});
await done;
done = final();
chat.send('?');
await done;
document.body.dataset.ran = 'yes';
`,
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
