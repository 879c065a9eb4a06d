// @ts-check
/**
 * Checks the built documentation site (docs-site/dist, `npm run docs:build`
 * first); CI runs it as `npm run docs:check`. Fails, listing each problem, when:
 *
 * 1. an internal link or anchor is broken (check-links.js; offline);
 * 2. the generated reference lacks something the code has: every option of
 *    `createAgent` (settings table, `AgentOptions`), every member of `Agent`,
 *    every event type, and every attribute, property, DOM event, part and CSS
 *    custom property of `<agent-chat>` and `<agent-trace>` (element manifest);
 * 3. in headless Chromium with every request outside the site refused
 *    (site-browser.js): a page is not axe-clean (light and dark), is wider than
 *    a 420 px window, or the search finds nothing offline.
 *
 *   node scripts/docs/check-site.js [--shots=DIR] [--no-browser]
 *   (--shots: also screenshot pages; --no-browser: only 1 and 2, for a quick look)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkLinks, pageLinks } from './check-links.js';
import { manifestElements } from './element-page.js';
import { publicTypes } from '../lib/public-types.js';
import { checkInBrowser } from './site-browser.js';

const root = resolve(new URL('../..', import.meta.url).pathname);
const dist = resolve(root, 'docs-site/dist');
const base = process.env.DOCS_BASE ?? '/';
if (!existsSync(join(dist, 'index.html'))) {
  console.error('check-site: no built site in docs-site/dist: run `npm run docs:build` first');
  process.exit(1);
}

/** @type {string[]} */
const problems = [];

// 1. Links.
const links = checkLinks(dist, { base });
for (const b of links.broken) problems.push(`${b.page}: ${b.url}: ${b.problem}`);
console.log(`check-site: ${links.links} links in ${links.pages} pages (${links.external} out of the site, not fetched), ${links.broken.length} broken`);

// 2. The generated reference is complete.
/** The visible text of a built page, and its ids. @param {string} page */
function builtPage(page) {
  const path = join(dist, page);
  if (!existsSync(path)) {
    problems.push(`the build has no ${page}`);
    return { text: '', ids: new Set() };
  }
  const html = readFileSync(path, 'utf8');
  const main = html.slice(html.indexOf('<main'), html.lastIndexOf('</main>'));
  return { text: main.replace(/<[^>]*>/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&'), ids: pageLinks(html).ids };
}
/**
 * @param {string} page @param {string} what @param {Iterable<string>} names
 * @param {(name: string, text: string, ids: Set<string>) => boolean} [found]
 */
function lists(page, what, names, found = (name, text) => new RegExp(`(^|[^\\w-])${name.replace(/[$]/g, '\\$')}($|[^\\w-])`).test(text)) {
  const { text, ids } = builtPage(page);
  const missing = [...names].filter((n) => !found(n, text, ids));
  if (missing.length > 0) problems.push(`${page} lacks ${what}: ${missing.join(', ')}`);
  return [...names].length;
}
const code = publicTypes(root);
const options = [...code.options().keys()];
let counted = 0;
counted += lists('reference/settings.html', 'options', options, (n, _t, ids) => ids.has(n.toLowerCase()));
counted += lists('reference/api/pageloop/interfaces/AgentOptions.html', 'options', options);
counted += lists('reference/api/pageloop/interfaces/Agent.html', 'members of Agent', code.members('Agent'));
// The union names some events by their interface (`FinalEvent`): those pages count too.
const eventPage = 'reference/api/pageloop/type-aliases/AgentEvent.html';
const eventHtml = readFileSync(join(dist, eventPage), 'utf8');
const eventInterfaces = pageLinks(eventHtml.slice(eventHtml.indexOf('<main'), eventHtml.lastIndexOf('</main>')))
  .urls.map((u) => new URL(u, `http://site.invalid${base}${eventPage}`).pathname.slice(base.length))
  .filter((p) => p.startsWith('reference/api/pageloop/interfaces/'));
const eventText = [eventPage, ...new Set(eventInterfaces)].map((p) => builtPage(p).text).join(' ');
counted += lists(eventPage, 'event types (on it or the event interfaces it links to)', code.eventTypes(), (n) => eventText.includes(`"${n}"`));
for (const el of manifestElements()) {
  const page = 'reference/element.html';
  counted += lists(page, `<${el.tagName}>'s attributes`, (el.attributes ?? []).map((a) => a.name), (n, _t, ids) => ids.has(`attr-${el.tagName}-${n}`));
  counted += lists(page, `<${el.tagName}>'s DOM events`, (el.events ?? []).map((e) => e.name));
  counted += lists(page, `<${el.tagName}>'s parts`, (el.cssParts ?? []).map((p) => p.name));
  counted += lists(page, `<${el.tagName}>'s CSS custom properties`, (el.cssProperties ?? []).map((p) => p.name));
  const members = (el.members ?? []).filter((m) => (m.privacy ?? 'public') === 'public' && !m.static && m.description);
  counted += lists(page, `<${el.tagName}>'s properties and methods`, members.map((m) => m.name));
}
console.log(`check-site: the generated reference names ${counted} options, members, events, attributes, parts and properties of the code`);

// 3. In the browser.
if (!process.argv.includes('--no-browser')) {
  const browser = await checkInBrowser(dist, { base, shots: process.argv.find((a) => a.startsWith('--shots='))?.slice('--shots='.length) });
  problems.push(...browser.problems);
  for (const line of browser.notes) console.log(`check-site: ${line}`);
}

if (problems.length > 0) {
  console.error(`check-site: the built site has problems:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`check-site: ${process.argv.includes('--no-browser') ? 'links and reference pass (browser checks skipped)' : 'links, reference, accessibility, narrow layout and offline search all pass'}`);
