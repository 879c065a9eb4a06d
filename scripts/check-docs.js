// @ts-check
/**
 * Keeps the documentation's reference tables true to the code, so they cannot
 * drift (run by `npm run typecheck`, so by CI; `node scripts/check-docs.js`
 * alone). The tables live in the site's reference pages (docs-site/reference/);
 * each marker below must be found exactly once among the documentation's
 * files (README.md and the site's pages, test/support/doc-snippets.js).
 *
 * A checked table follows a comment `<!-- checked: NAME -->`; the backticked
 * names in its first column must be exactly what the code has, no more, no less:
 *
 *   options         the properties of `AgentOptions` (src/types.ts or src/settings.ts); the
 *                   "default" column is the property's `@default` JSDoc tag,
 *                   backticked, or says what the default is in words when the
 *                   property has none (a learned or computed default)
 *   agent           the members of `Agent` (src/types.ts)
 *   events          the `type`s of `AgentEvent` (src/agent-events.ts); the
 *                   `final` row names every `FinalReason`, the `tool-result`
 *                   row every `ToolResultStatus`
 *   attributes      <agent-chat>'s attributes in its custom-elements manifest,
 *                   each beside the option src/settings.ts binds it to
 *   properties      the manifest's properties that have no attribute (`@prop`)
 *   dom-events      the manifest's events (`@fires`)
 *   parts           the part names the element's templates render
 *   css-properties  the custom properties its styles give defaults to
 *
 * and `<!-- checked: cdn-exports -->` is followed by a paragraph naming every
 * value the standalone bundle exports (components/cdn.ts: the library's
 * exports and the element's class).
 *
 * The manifest itself is checked against the code: every Lit attribute and
 * every rendered part documented (`@attr`, `@csspart`), each once, and every
 * custom property the styles declare (`@cssproperty`), nothing extra.
 *
 * The options come from `AgentOptions` (`codeOptions()`); where the settings
 * table (src/settings.ts) binds an option to an attribute of the element, the
 * attributes table must name that option beside it (`optionAttributes()`).
 * Those attributes reach the manifest from the table itself (scripts/cem.config.js),
 * documented by the option's `@attr` JSDoc tag or its summary.
 */
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { publicTypes } from './lib/public-types.js';
import { writeManifest } from './manifest.js';
import { settingsAttributes } from './lib/settings-table.js';
import { docFiles } from '../test/support/doc-snippets.js';

const root = resolve(new URL('..', import.meta.url).pathname);
const read = (/** @type {string} */ path) => readFileSync(resolve(root, path), 'utf8');

/** @type {string[]} */
const problems = [];

// ---- the code -----------------------------------------------------------

const code = publicTypes(root);

/** @param {string} path */
const parse = (path) => ts.createSourceFile(path, read(path), ts.ScriptTarget.ES2022, true);

/**
 * The attribute of each option that `<agent-chat>` takes as one, from the
 * settings table (src/settings.ts: `SETTINGS[option].element.attribute`).
 * @returns {Map<string, string>} attribute → option
 */
function optionAttributes() {
  return new Map(settingsAttributes(root).map((a) => [a.attribute, a.option]));
}

/** The element, as its custom-elements manifest (generated from its JSDoc) describes it. */
function manifestElement() {
  const dir = mkdtempSync(join(tmpdir(), 'pageloop-cem-'));
  try {
    writeManifest(dir, { quiet: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'custom-elements.json'), 'utf8'));
    for (const mod of manifest.modules) for (const d of mod.declarations ?? []) if (d.tagName === 'agent-chat') return d;
    throw new Error('check-docs: the manifest has no <agent-chat>');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The element's source files (not its tests' helpers: components/ holds only the element). */
const componentSources = readdirSync(resolve(root, 'components'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => read(`components/${f}`));

/**
 * The part names the templates render: `part="a b"` attributes, and the part
 * a notice of the log carries (`addNotice(state, text, 'part')`).
 */
function renderedParts() {
  const parts = new Set();
  for (const source of componentSources) {
    for (const [, names] of source.matchAll(/\bpart="([^"$]*)"/g)) for (const name of names.split(/\s+/)) if (name) parts.add(name);
    for (const [, name] of source.matchAll(/\baddNotice\([^;]*?,\s*'([\w-]+)'\)/g)) parts.add(name);
  }
  return parts;
}

/** The `--agent-chat-*` custom properties the styles give a default to. */
function declaredCustomProperties() {
  const props = new Set();
  for (const source of componentSources) for (const [, name] of source.matchAll(/(--agent-chat-[\w-]+)\s*:/g)) props.add(name);
  return props;
}

/**
 * The values (not types) a module exports, following `export * from` into
 * our own modules.
 * @param {string} path @returns {string[]}
 */
function valueExports(path) {
  /** @type {string[]} */
  const out = [];
  parse(path).forEachChild((node) => {
    if (!ts.isExportDeclaration(node) || node.isTypeOnly) return;
    const from = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
    if (!node.exportClause && from) out.push(...valueExports(join(path, '..', from).replace(/\.js$/, '.ts')));
    else if (node.exportClause && ts.isNamedExports(node.exportClause)) out.push(...node.exportClause.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text));
  });
  return out;
}

// ---- the documentation ---------------------------------------------------

const docs = docFiles(root).map((file) => ({ file, text: read(file) }));

/**
 * The text from the marker `<!-- checked: name -->` on, and the file it is
 * in; a problem when no file or more than one has it.
 * @param {string} name @returns {{ file: string, text: string } | undefined}
 */
function marked(name) {
  const marker = `<!-- checked: ${name} -->`;
  const found = docs.filter((d) => d.text.includes(marker));
  if (found.length !== 1) {
    problems.push(found.length === 0 ? `the documentation has no table marked ${marker}` : `${marker} is in more than one file: ${found.map((d) => d.file).join(', ')}`);
    return undefined;
  }
  const doc = /** @type {{ file: string, text: string }} */ (found[0]);
  return { file: doc.file, text: doc.text.slice(doc.text.indexOf(marker)) };
}

/** Which file holds each checked table, for the messages. @type {Map<string, string>} */
const where = new Map();

/**
 * The rows of the table after `<!-- checked: name -->`: each row's cells.
 * @param {string} name @returns {string[][]}
 */
function table(name) {
  const found = marked(name);
  if (!found) return [];
  where.set(name, found.file);
  const lines = found.text.split('\n').slice(1);
  const start = lines.findIndex((l) => l.startsWith('|'));
  const rows = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(cells(line));
  }
  return rows;
}

/** Splits a table row, keeping `\|` and pipes inside backticks in their cell. @param {string} line */
function cells(line) {
  const out = [];
  let cell = '';
  let code = false;
  for (let i = 1; i < line.length; i++) {
    const c = line[i];
    if (c === '\\' && line[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (c === '`') {
      code = !code;
      cell += c;
    } else if (c === '|' && !code) {
      out.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  return out;
}

/** The backticked names of a cell, without call parentheses or a member's owner (`engine.status()` → `engine`). @param {string} cell */
const names = (cell) => [...cell.matchAll(/`([^`]+)`/g)].map(([, n]) => n.replace(/\(.*$/, '').replace(/\..*$/, ''));

/** The file and table a message is about, e.g. `docs-site/reference/options.md (table "options")`. @param {string} name */
const tableAt = (name) => `${where.get(name) ?? 'the documentation'} (table "${name}")`;

/**
 * Compares what the table marked `name` lists with what the code has.
 * @param {string} name @param {Iterable<string>} documented @param {Iterable<string>} actual @param {string} source
 */
function same(name, documented, actual, source) {
  const doc = new Set(documented);
  const code = new Set(actual);
  const missing = [...code].filter((n) => !doc.has(n));
  const extra = [...doc].filter((n) => !code.has(n));
  if (missing.length > 0) problems.push(`${tableAt(name)}: missing ${missing.map((n) => `\`${n}\``).join(', ')} (in ${source})`);
  if (extra.length > 0) problems.push(`${tableAt(name)}: lists ${extra.map((n) => `\`${n}\``).join(', ')}, which ${source} does not have`);
}

/** @param {string[]} list */
const duplicates = (list) => list.filter((n, i) => list.indexOf(n) !== i);

// ---- the checks ----------------------------------------------------------

const options = code.options();
const optionRows = table('options');
same('options', optionRows.flatMap((r) => names(r[0] ?? '')), options.keys(), 'AgentOptions (src/types.ts)');
for (const row of optionRows) {
  for (const name of names(row[0] ?? '')) {
    const declaredDefault = options.get(name);
    const cell = row[1] ?? '';
    if (declaredDefault !== undefined && !cell.startsWith(`\`${declaredDefault}\``)) {
      problems.push(`${tableAt('options')}: \`${name}\`'s default is \`${declaredDefault}\` in the code (@default), the table says "${cell}"`);
    }
  }
}

same('agent', table('agent').flatMap((r) => names(r[0] ?? '')), code.members('Agent'), 'Agent (src/types.ts)');

const eventRows = table('events');
same('events', eventRows.flatMap((r) => names(r[0] ?? '')), code.eventTypes(), 'AgentEvent (src/agent-events.ts)');
for (const [event, alias] of [['final', 'FinalReason'], ['tool-result', 'ToolResultStatus']]) {
  const row = eventRows.find((r) => names(r[0] ?? '').includes(event));
  const listed = new Set(row ? [...(row[1] ?? '').matchAll(/`([\w-]+)`/g)].map(([, n]) => n) : []);
  const missing = code.literals(alias).filter((n) => !listed.has(n));
  if (missing.length > 0) problems.push(`${tableAt('events')}: the \`${event}\` row lacks ${missing.map((n) => `\`${n}\``).join(', ')} (${alias}, src/agent-events.ts)`);
}

const element = manifestElement();
/** @type {{ name: string, fieldName?: string, description?: string }[]} */
const attributes = element.attributes ?? [];
/** @type {{ kind: string, name: string, attribute?: string, privacy?: string, static?: boolean, description?: string }[]} */
const members = element.members ?? [];
const undocumented = attributes.filter((a) => !a.description).map((a) => a.name);
if (undocumented.length > 0) problems.push(`attributes without a description (an @attr line on AgentChat in components/agent-chat.ts; for an option's attribute, its JSDoc in src/settings.ts): ${undocumented.join(', ')}`);
const attributeRows = table('attributes');
same('attributes', attributeRows.flatMap((r) => names(r[0] ?? '')), attributes.map((a) => a.name), "<agent-chat>'s manifest");
// Each attribute's option, as the settings table binds them.
const bound = optionAttributes();
for (const row of attributeRows) {
  const attribute = names(row[0] ?? '')[0] ?? '';
  const said = (row[1] ?? '').match(/^`([\w.]+)`/)?.[1];
  const option = bound.get(attribute);
  if (option !== undefined && said !== option) problems.push(`${tableAt('attributes')}: \`${attribute}\` sets \`${option}\` (src/settings.ts), the table says "${row[1]}"`);
  if (option === undefined && said !== undefined && options.has(said)) problems.push(`${tableAt('attributes')}: \`${attribute}\` is not the attribute of \`${said}\` in src/settings.ts`);
}
const attributeFields = new Set(attributes.map((a) => a.fieldName));
const properties = members.filter((m) => m.kind === 'field' && (m.privacy ?? 'public') === 'public' && !m.static && m.description && !m.attribute && !attributeFields.has(m.name)).map((m) => m.name);
same('properties', table('properties').flatMap((r) => names(r[0] ?? '')), properties, "<agent-chat>'s manifest (@prop)");
same('dom-events', table('dom-events').flatMap((r) => names(r[0] ?? '')), (element.events ?? []).map((/** @type {{ name: string }} */ e) => e.name), "<agent-chat>'s manifest (@fires)");

/** @type {string[]} */
const manifestParts = (element.cssParts ?? []).map((/** @type {{ name: string }} */ p) => p.name);
for (const name of new Set(duplicates(manifestParts))) problems.push(`components/agent-chat.ts: @csspart ${name} is documented more than once`);
const parts = renderedParts();
const unlisted = [...parts].filter((p) => !manifestParts.includes(p));
const unrendered = manifestParts.filter((p) => !parts.has(p));
if (unlisted.length > 0) problems.push(`components/agent-chat.ts: parts rendered but without an @csspart line: ${unlisted.join(', ')}`);
if (unrendered.length > 0) problems.push(`components/agent-chat.ts: @csspart for parts no template renders: ${unrendered.join(', ')}`);
same('parts', table('parts').flatMap((r) => names(r[0] ?? '')), parts, "the element's templates (part=…)");

/** @type {string[]} */
const manifestProps = (element.cssProperties ?? []).map((/** @type {{ name: string }} */ p) => p.name);
const styleProps = declaredCustomProperties();
const undocumentedProps = [...styleProps].filter((p) => !manifestProps.includes(p));
const unstyled = manifestProps.filter((p) => !styleProps.has(p));
if (undocumentedProps.length > 0) problems.push(`components/agent-chat.ts: custom properties without an @cssproperty line: ${undocumentedProps.join(', ')}`);
if (unstyled.length > 0) problems.push(`components/agent-chat.ts: @cssproperty for properties no style declares: ${unstyled.join(', ')}`);
same('css-properties', table('css-properties').flatMap((r) => names(r[0] ?? '')), styleProps, "the element's styles");

const cdn = marked('cdn-exports');
if (cdn) {
  where.set('cdn-exports', cdn.file);
  const paragraph = cdn.text.split('\n\n')[0] ?? '';
  same('cdn-exports', [...paragraph.matchAll(/`([\w$]+)`/g)].map(([, n]) => n ?? ''), valueExports('components/cdn.ts'), 'components/cdn.ts');
}

if (problems.length > 0) {
  console.error(`check-docs: the reference disagrees with the code:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`check-docs: the reference tables (${[...new Set(where.values())].join(', ')}) and the element manifest agree with the code`);
