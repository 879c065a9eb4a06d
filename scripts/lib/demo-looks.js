// @ts-check
/**
 * The demo in its four looks (light and dark, wide and narrow), for the
 * screenshot scripts: each look is a new browser context on the running demo
 * (`npx vite demo --port 5199`) with the scripted model answering, handed to
 * `shoot`, which drives it and takes its pictures with `snap`.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

/**
 * @typedef {object} Look
 * @property {import('playwright-core').Page} page
 * @property {import('playwright-core').Locator} chat the `<agent-chat>`
 * @property {number} width
 * @property {(text: string) => Promise<void>} ask types `text` into the composer and sends it
 * @property {() => Promise<void>} waitIdle waits until the run has ended
 * @property {(label: string) => Promise<void>} snap a screenshot named `{scheme}-{width}-{label}.png`
 */

/**
 * @param {{ wide: [number, number], shoot: (look: Look) => Promise<void> }} options the wide look's viewport (the narrow one is 420×900)
 * @returns {Promise<string[]>} the PNGs written
 */
export async function demoLooks({ wide, shoot }) {
  const url = process.argv[2] ?? 'http://localhost:5199/';
  const outDir = process.argv[3] ?? '/tmp/pageloop-screenshots';
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  /** @type {string[]} */
  const shots = [];
  try {
    for (const [scheme, width, height] of /** @type {const} */ ([
      ['light', ...wide],
      ['dark', ...wide],
      ['light', 420, 900],
      ['dark', 420, 900],
    ])) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme, deviceScaleFactor: 1 });
      const page = await context.newPage();
      page.on('pageerror', (err) => console.error(`[${scheme} ${width}] page error:`, err.message));
      await page.goto(url);
      // The endpoint check fails (no Ollama here), so the scripted model takes over.
      await page.locator('#model-badge', { hasText: 'Scripted' }).waitFor({ timeout: 15000 });
      if (width < 600) await page.locator('agent-chat').scrollIntoViewIfNeeded();
      const chat = page.locator('agent-chat');
      await shoot({
        page,
        chat,
        width,
        ask: async (text) => {
          const input = chat.locator('textarea[part~="input"]');
          await input.fill(text);
          await input.press('Enter');
        },
        waitIdle: () => chat.locator('[part~="stop-button"]').waitFor({ state: 'detached', timeout: 20000 }),
        snap: async (label) => {
          shots.push(`${outDir}/${scheme}-${width}-${label}.png`);
          await page.screenshot({ path: shots.at(-1) });
        },
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return shots;
}
