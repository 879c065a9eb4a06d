// @ts-check
/**
 * The headless Chromium the eval runs its pages in: playwright-core (an
 * optional peer dependency) driving a Chromium already on the machine —
 * never a browser download.
 *
 * Invariant: a missing playwright-core or Chromium is one error that says
 * how to get it.
 */
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

/** The flags every pageloop screenshot and test uses (no sandbox in containers, no background traffic). */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Env CHROME_PATH, then the usual places, then what `which` finds. */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    } catch {}
  }
  throw new Error('pageloop-eval: no Chromium found. Install one (Debian: apt-get install chromium), or name it with --chromium PATH or env CHROME_PATH.');
}

/**
 * @param {string} executablePath
 * @returns {Promise<import('playwright-core').Browser>}
 */
export async function launchChromium(executablePath) {
  /** @type {typeof import('playwright-core')} */
  let playwright;
  try {
    playwright = await import('playwright-core');
  } catch {
    throw new Error('pageloop-eval: it drives Chromium with playwright-core, which is not installed: npm install -D playwright-core');
  }
  return playwright.chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
