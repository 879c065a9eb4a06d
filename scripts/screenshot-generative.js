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
  ['light', 1400, 860],
  ['dark', 1400, 860],
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

  const chat = page.locator('agent-chat');
  await ask(page, 'Chart the order statuses');
  await chat.locator('.status-chart .bar').first().waitFor({ timeout: 20000 });
  await waitIdle(page);
  await page.waitForTimeout(300);
  shots.push(`${outDir}/${name}-chart.png`);
  await chat.locator('.status-chart').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shots.at(-1) });
  await chat.locator('[part~="tool-raw"] summary').first().click();
  await page.waitForTimeout(200);
  shots.push(`${outDir}/${name}-chart-raw.png`);
  await page.screenshot({ path: shots.at(-1) });

  await ask(page, 'Schedule delivery for order 1002');
  await chat.locator('.slot-picker button:not([disabled])').first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(200);
  await chat.locator('.slot-picker').scrollIntoViewIfNeeded();
  shots.push(`${outDir}/${name}-slot-waiting.png`);
  await page.screenshot({ path: shots.at(-1) });
  await chat.locator('.slot-picker button').nth(1).click();
  await waitIdle(page);
  await page.waitForTimeout(300);
  shots.push(`${outDir}/${name}-slot-answered.png`);
  await page.screenshot({ path: shots.at(-1) });
  await context.close();
}
await browser.close();
console.log(shots.join('\n'));
