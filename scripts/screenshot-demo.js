// @ts-check
/**
 * Screenshots of the demo, to look at what the element really looks like:
 * light and dark, wide and narrow, mid-stream and with an approval pending.
 * Runs against a running demo server (`npx vite demo --port 5199`), with the
 * scripted demo model (no endpoint is needed).
 *
 *   node scripts/screenshot-demo.js [url] [outDir]
 *
 * Defaults: http://localhost:5199/ and /tmp/pageloop-screenshots. The PNGs
 * are for looking at, not for the repository.
 */
import { demoLooks } from './lib/demo-looks.js';

const shots = await demoLooks({
  wide: [1280, 800],
  shoot: async ({ page, chat, ask, waitIdle, snap }) => {
    await ask('Summarize the orders');
    // Mid-stream: a few words of the reply are on screen.
    await chat.locator('[part~="assistant"] .markdown').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(250);
    await snap('streaming');
    await waitIdle();
    await page.waitForTimeout(300);
    await snap('answered');

    // A markdown table in a reply: it scrolls sideways, its words whole.
    await ask('Show all orders');
    await chat.locator('[part~="assistant"] table').first().waitFor({ timeout: 15000 });
    await waitIdle();
    await page.waitForTimeout(300);
    await snap('table');

    // Model settings open: the chat keeps room below them.
    await page.locator('#settings > summary').click();
    await page.waitForTimeout(200);
    await snap('settings');
    await page.locator('#settings > summary').click();

    await ask('Cancel order 1004');
    await chat.locator('[part~="approval"]').waitFor({ timeout: 15000 });
    await page.waitForTimeout(200);
    await snap('approval');
    await chat.locator('[part~="approve-button"]').click();
    await waitIdle();
    await page.waitForTimeout(300);
    await snap('approved');
  },
});
console.log(shots.join('\n'));
