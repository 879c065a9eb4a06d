// @ts-check
/**
 * Screenshots of attachments in the demo, to look at them by eye: light and
 * dark, wide and narrow — the composer with chips (an image, a CSV), a
 * refused file, the sent message with its thumbnail, the image dialog, and a
 * tool card with the image and the file its tool returned. Files are picked
 * through the real file input (Playwright's `setInputFiles`). Runs against a
 * running demo server (`npx vite demo --port 5199`) with the scripted model.
 *
 *   node scripts/screenshot-attachments.js [url] [outDir]
 *
 * Defaults: http://localhost:5199/ and /tmp/pageloop-screenshots. The PNGs
 * are for looking at, not for the repository.
 */
import { demoLooks } from './lib/demo-looks.js';

const shots = await demoLooks({
  wide: [1400, 860],
  shoot: async ({ page, chat, ask, waitIdle, snap }) => {
    const picker = chat.locator('input[type="file"]');
    // A real image to attach: a picture of the page's own table.
    const photo = await page.locator('table').first().screenshot();
    await picker.setInputFiles([
      { name: 'orders-table.png', mimeType: 'image/png', buffer: photo },
      { name: 'returns-2025.csv', mimeType: 'text/csv', buffer: Buffer.from('id,reason\n1002,damaged\n1004,late\n') },
    ]);
    await chat.locator('[part~="attachment"] img').first().waitFor({ timeout: 20000 });
    await chat.locator('textarea[part~="input"]').fill('Which of these returns are in the table?');
    await page.waitForTimeout(200);
    await snap('att-chips');

    await picker.setInputFiles([{ name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\u0003\u0004') }]);
    await chat.locator('[part~="attachment-error"]').waitFor({ timeout: 20000 });
    await page.waitForTimeout(200);
    await snap('att-refused');

    await chat.locator('textarea[part~="input"]').press('Enter');
    await chat.locator('[part~="stop-button"]').waitFor({ timeout: 20000 });
    await waitIdle();
    await chat.locator('[part~="message-attachments"] img').first().waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    await snap('att-message');

    await chat.locator('[part~="message-attachments"] button.thumb').first().click();
    await chat.locator('[part~="attachment-dialog"] img').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    await snap('att-dialog');
    await page.keyboard.press('Escape');

    for (const text of ['Draw the chart as a picture', 'Export the orders as CSV']) {
      await ask(text);
      await chat.locator('[part~="stop-button"]').waitFor({ timeout: 20000 });
      await waitIdle();
    }
    await chat.locator('[part~="tool-call"] [part~="attachment-download"]').waitFor({ timeout: 20000 });
    await chat.locator('[part~="tool-call"] [part~="attachment-thumbnail"]').first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await snap('att-tool');
  },
});
console.log(shots.join('\n'));
