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
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const url = process.argv[2] ?? 'http://localhost:5199/';
const outDir = process.argv[3] ?? '/tmp/pageloop-screenshots';
mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** @param {import('playwright-core').Page} page @param {string} text */
async function ask(page, text) {
  const input = page.locator('agent-chat').locator('textarea[part~="input"]');
  await input.fill(text);
  await input.press('Enter');
}

/** @param {import('playwright-core').Page} page */
async function waitIdle(page) {
  await page.locator('agent-chat').locator('[part~="stop-button"]').waitFor({ state: 'detached', timeout: 20000 });
}

const shots = [];
for (const [scheme, width, height] of /** @type {const} */ ([
  ['light', 1280, 800],
  ['dark', 1280, 800],
  ['light', 420, 900],
  ['dark', 420, 900],
])) {
  const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: 1 });
  const page = await context.newPage();
  page.on('pageerror', (err) => console.error(`[${scheme} ${width}] page error:`, err.message));
  await page.goto(url);
  // The endpoint check fails (no Ollama here), so the scripted model takes over.
  await page.locator('#model-badge', { hasText: 'Scripted' }).waitFor({ timeout: 15000 });
  const name = `${scheme}-${width}`;
  if (width < 600) await page.locator('agent-chat').scrollIntoViewIfNeeded();

  await ask(page, 'Summarize the orders');
  // Mid-stream: a few words of the reply are on screen.
  await page.locator('agent-chat').locator('[part~="assistant"] .markdown').first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(250);
  shots.push(`${outDir}/${name}-streaming.png`);
  await page.screenshot({ path: shots.at(-1) });
  await waitIdle(page);
  await page.waitForTimeout(300);
  shots.push(`${outDir}/${name}-answered.png`);
  await page.screenshot({ path: shots.at(-1) });

  // A markdown table in a reply: it scrolls sideways, its words whole.
  await ask(page, 'Show all orders');
  await page.locator('agent-chat').locator('[part~="assistant"] table').first().waitFor({ timeout: 15000 });
  await waitIdle(page);
  await page.waitForTimeout(300);
  shots.push(`${outDir}/${name}-table.png`);
  await page.screenshot({ path: shots.at(-1) });

  // Model settings open: the chat keeps room below them.
  await page.locator('#settings > summary').click();
  await page.waitForTimeout(200);
  shots.push(`${outDir}/${name}-settings.png`);
  await page.screenshot({ path: shots.at(-1) });
  await page.locator('#settings > summary').click();

  await ask(page, 'Cancel order 1004');
  await page.locator('agent-chat').locator('[part~="approval"]').waitFor({ timeout: 15000 });
  await page.waitForTimeout(200);
  shots.push(`${outDir}/${name}-approval.png`);
  await page.screenshot({ path: shots.at(-1) });
  await page.locator('agent-chat').locator('[part~="approve-button"]').click();
  await waitIdle(page);
  await page.waitForTimeout(300);
  shots.push(`${outDir}/${name}-approved.png`);
  await page.screenshot({ path: shots.at(-1) });
  await context.close();
}
await browser.close();
console.log(shots.join('\n'));
