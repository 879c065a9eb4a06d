// @ts-check
/**
 * Screenshots of the demo's generative UI, to look at it by eye: light and
 * dark, wide and narrow — the rendered chart card (and its "Raw"
 * disclosure open), the slot picker waiting for the user, and answered.
 * Runs against a running demo server (`npx vite demo --port 5199`), with the
 * scripted demo model (no endpoint is needed).
 *
 *   node scripts/screenshot-generative.js [url] [outDir]
 *
 * Defaults: http://localhost:5199/ and /tmp/pageloop-screenshots. The PNGs
 * are for looking at, not for the repository.
 */
import { demoLooks } from './lib/demo-looks.js';

const shots = await demoLooks({
  wide: [1400, 860],
  shoot: async ({ page, chat, ask, waitIdle, snap }) => {
    await ask('Chart the order statuses');
    await chat.locator('.status-chart .bar').first().waitFor({ timeout: 20000 });
    await waitIdle();
    await page.waitForTimeout(300);
    await chat.locator('.status-chart').scrollIntoViewIfNeeded();
    await snap('chart');
    await chat.locator('[part~="tool-raw"] summary').first().click();
    await page.waitForTimeout(200);
    await snap('chart-raw');

    await ask('Schedule delivery for order 1002');
    await chat.locator('.slot-picker button:not([disabled])').first().waitFor({ timeout: 20000 });
    await page.waitForTimeout(200);
    await chat.locator('.slot-picker').scrollIntoViewIfNeeded();
    await snap('slot-waiting');
    await chat.locator('.slot-picker button').nth(1).click();
    await waitIdle();
    await page.waitForTimeout(300);
    await snap('slot-answered');
  },
});
console.log(shots.join('\n'));
