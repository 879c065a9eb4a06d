// @ts-check
/**
 * Generates the site's reference pages from the source, so they cannot be
 * copied by hand and drift (run by `npm run docs` and `npm run docs:build`;
 * the pages are not committed, see .gitignore):
 *
 *   docs-site/reference/api/        TypeDoc: pageloop, pageloop/testing, pageloop/react
 *                                   (docs-site/typedoc.config.mjs)
 *   docs-site/reference/settings.md every option, its default, attribute, how it changes
 *                                   (src/settings.ts; settings-page.js)
 *   docs-site/reference/element.md  <agent-chat> and <agent-trace> from the
 *                                   custom-elements manifest (element-page.js)
 *
 *   node scripts/docs/generate.js [--no-api]    (--no-api: keep the API pages as they are)
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { elementPage } from './element-page.js';
import { settingsPage } from './settings-page.js';

const root = resolve(new URL('../..', import.meta.url).pathname);
const site = resolve(root, 'docs-site');

writeFileSync(resolve(site, 'reference/settings.md'), await settingsPage(root));
writeFileSync(resolve(site, 'reference/element.md'), elementPage(root));
if (!process.argv.includes('--no-api')) {
  rmSync(resolve(site, 'reference/api'), { recursive: true, force: true });
  execFileSync(process.execPath, [resolve(root, 'node_modules/typedoc/bin/typedoc'), '--options', 'typedoc.config.mjs'], { cwd: site, stdio: 'inherit' });
}
console.log('docs: generated the reference (settings, element manifest' + (process.argv.includes('--no-api') ? ')' : ', API)'));
