// @ts-check
/**
 * Writes an eval report to a folder: `report.json` (everything, for tools
 * and later comparison) and `report.html` (the self-contained page).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { reportHtml } from './report-html.js';

/**
 * @param {import('./runner.js').EvalReport} report @param {string} dir @param {{ compare?: boolean }} [options]
 * @returns {Promise<{ json: string, html: string }>}
 */
export async function writeReport(report, dir, options = {}) {
  const out = resolve(dir);
  await mkdir(out, { recursive: true });
  const json = join(out, 'report.json');
  const html = join(out, 'report.html');
  await writeFile(json, JSON.stringify(report, null, 2) + '\n');
  await writeFile(html, reportHtml(report, options));
  return { json, html };
}
