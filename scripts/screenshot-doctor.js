// @ts-check
/**
 * Screenshots of `/doctor`'s checklist in `<agent-chat>` — light and dark,
 * wide and narrow (~420 px) — on the real worker against the mock endpoint
 * answering as Ollama (the num_ctx trap, a model without tools or vision, and
 * a contextTokens larger than the window: pass, warning, fail and skip lines).
 *
 *   node scripts/screenshot-doctor.js [outDir]
 *
 * Default outDir: /tmp/pageloop-screenshots. The PNGs are for looking at, not
 * for the repository.
 */
import { chatOnMockPage, screenshotLooks } from './lib/screenshot-harness.js';

await screenshotLooks({
  pageDir: '.screenshot-doctor',
  main: chatOnMockPage({
    mock: "{ turns: [], family: 'ollama', models: ['qwen2.5:7b', 'llama3.1:8b'], noTools: true }",
    attrs: { model: 'qwen2.5:7b', 'context-tokens': '16384' },
    after: `const input = chat.shadowRoot.querySelector('[part~="input"]');
input.value = '/doctor';
input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
await chat.updateComplete;
input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));`,
  }),
  async shoot(page, { theme, width, outDir }) {
    await page.locator('agent-chat').locator('.doctor-checks').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    const bottom = `${outDir}/doctor-${theme}-${width}-end.png`;
    await page.screenshot({ path: bottom });
    await page.locator('agent-chat').locator('[part~="doctor"]').evaluate((el) => /** @type {any} */ (el).scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(200);
    const top = `${outDir}/doctor-${theme}-${width}-start.png`;
    await page.screenshot({ path: top });
    return [top, bottom];
  },
});
