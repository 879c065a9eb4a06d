// @ts-check
/**
 * What localisation costs the page up front (issue 37: "the page bundle must
 * not grow by more than ~1 KB gz"), measured, not estimated: the page's build
 * (scripts/bundle.js, both minifier passes) made twice from the same sources
 * in the same run, and the gzipped bytes of what the page loads up front
 * compared.
 *
 * - As shipped.
 * - In plain English, as the element showed it before localisation: the i18n
 *   room's face (components/i18n/index.ts) replaced at build time by a stub
 *   that hands back the rooms' English tables as they are (no catalogs, no
 *   `labels`, no `dir`/`lang`, no value marks), and the message ids in the
 *   output written as the shortest names (`$0`, `$1`…), as if the words had
 *   no ids. FOR MEASUREMENT ONLY: that build is never run or shipped.
 *
 * The difference is the i18n mechanism on the page (the localizer, the
 * catalogs' loader, the value marks, direction) plus the length of the ids.
 * What it leaves in the English build, so leaves out of the cost: the rooms'
 * tables as objects (an object key and a lookup per message, at the length
 * of `$0`) and the code that keeps a notice as data (its id and values) — at
 * most a few hundred bytes. Ids that are single lower-case words (`send`,
 * `stop`, `conversation`) are not renamed: the same words are methods, parts
 * and class names in the output, and renaming those would count them as ids.
 */
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import { cdnBuilds, minifiedTwice } from '../../scripts/bundle.js';

const KB = 1024;

/** The i18n room's face in plain English: what the page had before localisation. */
const ENGLISH_FACE = `
export class Localizer {
  locale = 'en';
  dir = 'ltr';
  format = undefined;
  constructor(host) {}
  words(english) { return english; }
  message(id) { return undefined; }
}
export function speak(words, [id, ...args]) { const word = words[id]; return typeof word === 'function' ? word(...args) : word; }
export function sayWithValues(word) { return [String(word)]; }
export function directionOf() { return 'ltr'; }
`;

/**
 * Every message id of the element: the German catalog's (every catalog has
 * them all; test/components/i18n/catalogs.test.ts checks it).
 * @param {string} root
 * @returns {Promise<string[]>}
 */
async function messageIds(root) {
  const result = await build({
    stdin: { contents: "export { catalog } from './components/i18n/locales/de.ts';", resolveDir: root, loader: 'ts' },
    bundle: true, format: 'esm', platform: 'neutral', write: false, logLevel: 'silent',
  });
  const module = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
  return Object.keys(module.catalog.messages);
}

/**
 * The page's up-front files of the page build (the entry and what it imports
 * statically), as written. `english`: with the i18n face stubbed.
 * @param {string} root @param {boolean} english
 * @returns {Promise<string[]>}
 */
async function pageUpFront(root, english) {
  const options = cdnBuilds('dist/cdn')[0];
  const face = resolve(root, 'components/i18n/index.ts');
  /** @type {import('esbuild').Plugin} */
  const plain = {
    name: 'english-face',
    setup(b) {
      b.onResolve({ filter: /i18n\/index\.js$/ }, (args) => (resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')) === face ? { path: 'english-face', namespace: 'english-face' } : undefined));
      b.onLoad({ filter: /.*/, namespace: 'english-face' }, () => ({ contents: ENGLISH_FACE, loader: 'js' }));
    },
  };
  const plugins = english ? [plain, ...(options.plugins ?? [])] : options.plugins;
  // No source map: the same code a few seconds sooner (the map's comment is in both builds alike).
  const result = await minifiedTwice({ ...options, plugins, metafile: true, logLevel: 'silent', sourcemap: false });
  const outputs = result.metafile?.outputs ?? {};
  const entry = Object.keys(outputs).find((path) => path.endsWith('/agent-chat.js')) ?? '';
  /** @type {Set<string>} */
  const loaded = new Set();
  const visit = (/** @type {string} */ path) => {
    if (loaded.has(path) || !outputs[path]) return;
    loaded.add(path);
    for (const imported of outputs[path].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entry);
  const names = [...loaded].map((path) => `/${path.replace(/^.*\//, '')}`);
  return result.files.filter((f) => names.some((name) => f.path.endsWith(name))).map((f) => (typeof f.contents === 'string' ? f.contents : Buffer.from(f.contents).toString('utf8')));
}

/** @param {string[]} files */
const gzKb = (files) => files.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0) / KB;

/**
 * Localisation's up-front cost, KB gz: the page build as shipped minus the
 * same build in plain English; with its two parts (the mechanism, the ids).
 * @param {string} root
 */
export async function measureI18nCost(root) {
  const shipped = gzKb(await pageUpFront(root, false));
  const plain = await pageUpFront(root, true);
  const ids = (await messageIds(root)).filter((id) => /[A-Z]/.test(id)).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`\\b(${ids.join('|')})\\b`, 'g');
  const short = new Map(ids.map((id, i) => [id, `$${i.toString(36)}`]));
  const mechanismOnly = gzKb(plain);
  const english = gzKb(plain.map((text) => text.replace(pattern, (id) => /** @type {string} */ (short.get(id)))));
  return { cost: shipped - english, mechanism: shipped - mechanismOnly, ids: mechanismOnly - english };
}
