// @ts-check
/**
 * The built site's internal links, checked offline: every `href` and `src`
 * of every page (a, link, script, img, source, iframe) that points inside
 * the site must name a file the build wrote, and a `#fragment` must name an
 * element id (or an `<a name>`) of the page it points to. Links out of the
 * site (another origin, `mailto:`) are counted, never fetched: CI has no
 * internet. HTML is read with parse5, as a browser would parse it.
 *
 * The site is served under `base` (VitePress's `base`, `/` by default), so a
 * link `/guide/x.html` is the file `guide/x.html` of the build folder.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'parse5';
import { filesUnder } from '../lib/files-under.js';

/**
 * @typedef {{ page: string, url: string, problem: string }} BrokenLink
 * @typedef {{ pages: number, links: number, external: number, broken: BrokenLink[] }} LinkReport
 * @typedef {{ tagName?: string, attrs?: { name: string, value: string }[], childNodes?: Node[], content?: Node }} Node
 */

/** Attributes that point somewhere, by element. */
const POINTERS = { a: 'href', area: 'href', link: 'href', script: 'src', img: 'src', source: 'src', iframe: 'src' };

/**
 * The ids a page defines and the URLs it points to.
 * @param {string} html @returns {{ ids: Set<string>, urls: string[] }}
 */
export function pageLinks(html) {
  const ids = new Set();
  /** @type {string[]} */
  const urls = [];
  const visit = (/** @type {Node} */ node) => {
    const attrs = node.attrs ?? [];
    const attr = (/** @type {string} */ name) => attrs.find((a) => a.name === name)?.value;
    const id = attr('id');
    if (id) ids.add(id);
    if (node.tagName === 'a' && attr('name')) ids.add(attr('name'));
    const pointer = node.tagName ? POINTERS[/** @type {keyof POINTERS} */ (node.tagName)] : undefined;
    const url = pointer ? attr(pointer) : undefined;
    if (url !== undefined) urls.push(url);
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(/** @type {Node} */ (parse(html)));
  return { ids, urls };
}

/**
 * Checks every internal link of the site built into `dir`.
 * @param {string} dir @param {{ base?: string }} [options] @returns {LinkReport}
 */
export function checkLinks(dir, { base = '/' } = {}) {
  const files = filesUnder(dir, { ext: '.html' });
  /** @type {Map<string, { ids: Set<string>, urls: string[] }>} */
  const pages = new Map(files.map((f) => [f, pageLinks(readFileSync(join(dir, f), 'utf8'))]));
  /** @type {BrokenLink[]} */
  const broken = [];
  let links = 0;
  let external = 0;
  for (const [page, { urls }] of pages) {
    const pageUrl = new URL(`${base}${page}`, 'http://site.invalid');
    for (const raw of urls) {
      if (raw === '' || raw.startsWith('javascript:')) continue;
      links++;
      let url;
      try {
        url = new URL(raw, pageUrl);
      } catch {
        broken.push({ page, url: raw, problem: 'not a URL' });
        continue;
      }
      if (url.origin !== pageUrl.origin) {
        external++;
        continue;
      }
      if (!url.pathname.startsWith(base)) {
        broken.push({ page, url: raw, problem: `outside the site's base ${base}` });
        continue;
      }
      let path = decodeURIComponent(url.pathname.slice(base.length));
      if (path === '' || path.endsWith('/')) path += 'index.html';
      const file = join(dir, path);
      const target = existsSync(file) && statSync(file).isFile() ? path : existsSync(`${file}.html`) ? `${path}.html` : undefined;
      if (!target) {
        broken.push({ page, url: raw, problem: 'no such file in the build' });
        continue;
      }
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && target.endsWith('.html') && !pages.get(target)?.ids.has(fragment)) {
        broken.push({ page, url: raw, problem: `${target} has no element with id "${fragment}"` });
      }
    }
  }
  return { pages: files.length, links, external, broken };
}
