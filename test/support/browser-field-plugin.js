// @ts-check
/**
 * The dev server's node resolution ignores a package's `browser` field map;
 * OpenTelemetry's packages use it to swap their Node platform files (`os`,
 * `http`, …) for browser ones, as a bundler does (esbuild's platform
 * 'browser' does for dist/). This plugin applies that map, for
 * @opentelemetry/* only, to each import the dev server has resolved.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(new URL('../..', import.meta.url).pathname);
/** @type {Map<string, Record<string, string>>} */
const maps = new Map();

/** @param {string} pkg @returns {Record<string, string>} */
function browserMap(pkg) {
  const known = maps.get(pkg);
  if (known) return known;
  const browser = JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).browser;
  const map = browser && typeof browser === 'object' ? browser : {};
  maps.set(pkg, map);
  return map;
}

export function opentelemetryBrowserFiles() {
  return {
    name: 'opentelemetry-browser-files',
    /** @param {{ source: string, context: { path: string } }} args */
    transformImport({ source, context }) {
      // `source` as resolved, relative to the importing file or from the root.
      const url = new URL(source, `http://x${context.path}`);
      const m = /^(.*\/node_modules\/)(@opentelemetry\/[^/]+)\/(.*)$/.exec(url.pathname);
      if (!m) return undefined;
      const [, base = '', pkg = '', path = ''] = m;
      const mapped = browserMap(pkg)[`./${path}`];
      return mapped ? `${base}${pkg}/${String(mapped).replace(/^\.\//, '')}${url.search}` : undefined;
    },
  };
}
