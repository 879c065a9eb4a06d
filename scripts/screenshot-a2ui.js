// @ts-check
/**
 * Screenshots of an A2UI surface in the demo, to look at them by eye: light
 * and dark, wide and narrow — the feedback form the scripted model draws
 * with `render_a2ui` (a card, a text field, a checkbox, a button), then the
 * same form filled in and sent (the action's note under it, the model's
 * answer). The demo's chat has the `a2ui` attribute (set here again, for a
 * demo page that lacks it).
 * Runs against a running demo server (`npx vite demo --port 5199`) with the
 * scripted model.
 *
 *   node scripts/screenshot-a2ui.js [url] [outDir]
 *
 * Defaults: http://localhost:5199/ and /tmp/pageloop-screenshots. The PNGs
 * are for looking at, not for the repository.
 */
import { demoLooks } from './lib/demo-looks.js';

const shots = await demoLooks({
  wide: [1400, 860],
  shoot: async ({ page, chat, ask, waitIdle, snap }) => {
    await chat.evaluate((el) => /** @type {{ setAttribute(name: string, value: string): void }} */ (/** @type {unknown} */ (el)).setAttribute('a2ui', ''));
    await page.waitForTimeout(500);
    await ask('Leave feedback on order 1002');
    await chat.locator('[part~="a2ui-surface"] button').first().waitFor({ timeout: 30000 }).catch(async (err) => {
      await snap('a2ui-failed');
      throw err;
    });
    await waitIdle();
    await chat.locator('[part~="a2ui-surface"]').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await snap('a2ui-form');

    await chat.locator('[part~="a2ui-surface"] textarea, [part~="a2ui-surface"] input[type="text"]').first().fill('Arrived a day early, well packed.');
    await chat.locator('[part~="a2ui-surface"] input[type="checkbox"]').first().check();
    await chat.locator('[part~="a2ui-surface"] button').first().click();
    await chat.locator('[part~="a2ui-surface"] .note').waitFor({ timeout: 30000 });
    await waitIdle();
    await page.waitForTimeout(300);
    await snap('a2ui-sent');
  },
});
console.log(shots.join('\n'));
