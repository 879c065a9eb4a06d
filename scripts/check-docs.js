// @ts-check
/**
 * Keeps README.md's reference tables true to the code, so they cannot drift
 * (run by `npm run typecheck`, so by CI; `node scripts/check-docs.js` alone).
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
import { existsSync, readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { writeManifest } from './manifest.js';
import { settingsAttributes } from './lib/settings-table.js';

const root = resolve(new URL('..', import.meta.url).pathname);
const read = (/** @type {string} */ path) => readFileSync(resolve(root, path), 'utf8');

/** @type {string[]} */
const problems = [];

// ---- the code -----------------------------------------------------------

/** @param {string} path */
function parse(path) {
  return ts.createSourceFile(path, read(path), ts.ScriptTarget.ES2022, true);
}

/**
 * Interfaces and type aliases of the files, by name.
 * @param {ts.SourceFile[]} files
 */
function declarations(files) {
  /** @type {Map<string, ts.InterfaceDeclaration | ts.TypeAliasDeclaration>} */
  const byName = new Map();
  for (const file of files) {
    file.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) byName.set(node.name.text, node);
    });
  }
  return byName;
}

/** Where the public types are declared (those that exist; src/types.ts re-exports them all). */
const TYPE_FILES = ['src/types.ts', 'src/agent-events.ts', 'src/settings.ts'].filter((f) => existsSync(resolve(root, f)));
const types = declarations(TYPE_FILES.map(parse));

/** @param {string} name */
function declared(name) {
  const node = types.get(name);
  if (!node) throw new Error(`check-docs: no type ${name} in ${TYPE_FILES.join(', ')}`);
  return node;
}

/** @param {ts.Node} member */
const memberName = (member) => {
  const name = /** @type {{ name?: ts.PropertyName }} */ (member).name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
};

/** The `@default` JSDoc tag of a member, as written. @param {ts.Node} member */
function defaultTag(member) {
  const tag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'default');
  return typeof tag?.comment === 'string' ? tag.comment.trim() : undefined;
}

/** @param {string} name */
function interfaceMembers(name) {
  const node = declared(name);
  if (!ts.isInterfaceDeclaration(node)) throw new Error(`check-docs: ${name} is not an interface`);
  return node.members.filter((m) => memberName(m) !== undefined);
}

/** String literals of a union alias (`type X = 'a' | 'b'`). @param {string} name */
function literals(name) {
  const node = declared(name);
  if (!ts.isTypeAliasDeclaration(node)) throw new Error(`check-docs: ${name} is not a type alias`);
  const parts = ts.isUnionTypeNode(node.type) ? node.type.types : [node.type];
  return parts.flatMap((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? [t.literal.text] : []));
}

/**
 * The `type` literals of a union of object types, following references to
 * interfaces and aliases declared in the same files.
 * @param {ts.TypeNode} node @returns {string[]}
 */
function eventTypes(node) {
  if (ts.isUnionTypeNode(node)) return node.types.flatMap(eventTypes);
  /** @type {readonly ts.TypeElement[]} */
  let members = [];
  if (ts.isTypeLiteralNode(node)) members = node.members;
  else if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
    const target = declared(node.typeName.text);
    if (ts.isTypeAliasDeclaration(target)) return eventTypes(target.type);
    members = target.members;
  }
  const type = members.find((m) => memberName(m) === 'type');
  const literal = type && ts.isPropertySignature(type) && type.type && ts.isLiteralTypeNode(type.type) ? type.type.literal : undefined;
  return literal && ts.isStringLiteral(literal) ? [literal.text] : [];
}

/**
 * The options of `createAgent`, with their defaults as declared. Read from
 * `AgentOptions` (a property each, its `@default` tag).
 * @returns {Map<string, string | undefined>}
 */
function codeOptions() {
  return new Map(interfaceMembers('AgentOptions').map((m) => [/** @type {string} */ (memberName(m)), defaultTag(m)]));
}

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

// ---- the README ----------------------------------------------------------

const readme = read('README.md');

/**
 * The rows of the table after `<!-- checked: name -->`: each row's cells.
 * @param {string} name @returns {string[][]}
 */
function table(name) {
  const at = readme.indexOf(`<!-- checked: ${name} -->`);
  if (at < 0) {
    problems.push(`README.md: no table marked <!-- checked: ${name} -->`);
    return [];
  }
  const lines = readme.slice(at).split('\n').slice(1);
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

/**
 * Compares what a table lists with what the code has.
 * @param {string} what @param {Iterable<string>} documented @param {Iterable<string>} actual @param {string} source
 */
function same(what, documented, actual, source) {
  const doc = new Set(documented);
  const code = new Set(actual);
  const missing = [...code].filter((n) => !doc.has(n));
  const extra = [...doc].filter((n) => !code.has(n));
  if (missing.length > 0) problems.push(`README.md ${what}: missing ${missing.map((n) => `\`${n}\``).join(', ')} (in ${source})`);
  if (extra.length > 0) problems.push(`README.md ${what}: lists ${extra.map((n) => `\`${n}\``).join(', ')}, which ${source} does not have`);
}

/** @param {string[]} list */
const duplicates = (list) => list.filter((n, i) => list.indexOf(n) !== i);

// ---- the checks ----------------------------------------------------------

const options = codeOptions();
const optionRows = table('options');
same('options table', optionRows.flatMap((r) => names(r[0] ?? '')), options.keys(), 'AgentOptions (src/types.ts)');
for (const row of optionRows) {
  for (const name of names(row[0] ?? '')) {
    const declaredDefault = options.get(name);
    const cell = row[1] ?? '';
    if (declaredDefault !== undefined && !cell.startsWith(`\`${declaredDefault}\``)) {
      problems.push(`README.md options table: \`${name}\`'s default is \`${declaredDefault}\` in the code (@default), the table says "${cell}"`);
    }
  }
}

same('agent table', table('agent').flatMap((r) => names(r[0] ?? '')), interfaceMembers('Agent').map((m) => /** @type {string} */ (memberName(m))), 'Agent (src/types.ts)');

const eventRows = table('events');
const agentEvent = declared('AgentEvent');
same('events table', eventRows.flatMap((r) => names(r[0] ?? '')), ts.isTypeAliasDeclaration(agentEvent) ? eventTypes(agentEvent.type) : [], 'AgentEvent (src/agent-events.ts)');
for (const [event, alias] of [['final', 'FinalReason'], ['tool-result', 'ToolResultStatus']]) {
  const row = eventRows.find((r) => names(r[0] ?? '').includes(event));
  const listed = new Set(row ? [...(row[1] ?? '').matchAll(/`([\w-]+)`/g)].map(([, n]) => n) : []);
  const missing = literals(alias).filter((n) => !listed.has(n));
  if (missing.length > 0) problems.push(`README.md events table: the \`${event}\` row lacks ${missing.map((n) => `\`${n}\``).join(', ')} (${alias}, src/agent-events.ts)`);
}

const element = manifestElement();
/** @type {{ name: string, fieldName?: string, description?: string }[]} */
const attributes = element.attributes ?? [];
/** @type {{ kind: string, name: string, attribute?: string, privacy?: string, static?: boolean, description?: string }[]} */
const members = element.members ?? [];
const undocumented = attributes.filter((a) => !a.description).map((a) => a.name);
if (undocumented.length > 0) problems.push(`attributes without a description (an @attr line on AgentChat in components/agent-chat.ts; for an option's attribute, its JSDoc in src/settings.ts): ${undocumented.join(', ')}`);
const attributeRows = table('attributes');
same('attributes table', attributeRows.flatMap((r) => names(r[0] ?? '')), attributes.map((a) => a.name), "<agent-chat>'s manifest");
// Each attribute's option, as the settings table binds them.
const bound = optionAttributes();
for (const row of attributeRows) {
  const attribute = names(row[0] ?? '')[0] ?? '';
  const said = (row[1] ?? '').match(/^`([\w.]+)`/)?.[1];
  const option = bound.get(attribute);
  if (option !== undefined && said !== option) problems.push(`README.md attributes table: \`${attribute}\` sets \`${option}\` (src/settings.ts), the table says "${row[1]}"`);
  if (option === undefined && said !== undefined && options.has(said)) problems.push(`README.md attributes table: \`${attribute}\` is not the attribute of \`${said}\` in src/settings.ts`);
}
const attributeFields = new Set(attributes.map((a) => a.fieldName));
const properties = members.filter((m) => m.kind === 'field' && (m.privacy ?? 'public') === 'public' && !m.static && m.description && !m.attribute && !attributeFields.has(m.name)).map((m) => m.name);
same('properties table', table('properties').flatMap((r) => names(r[0] ?? '')), properties, "<agent-chat>'s manifest (@prop)");
same('DOM events table', table('dom-events').flatMap((r) => names(r[0] ?? '')), (element.events ?? []).map((/** @type {{ name: string }} */ e) => e.name), "<agent-chat>'s manifest (@fires)");

/** @type {string[]} */
const manifestParts = (element.cssParts ?? []).map((/** @type {{ name: string }} */ p) => p.name);
for (const name of new Set(duplicates(manifestParts))) problems.push(`components/agent-chat.ts: @csspart ${name} is documented more than once`);
const parts = renderedParts();
const unlisted = [...parts].filter((p) => !manifestParts.includes(p));
const unrendered = manifestParts.filter((p) => !parts.has(p));
if (unlisted.length > 0) problems.push(`components/agent-chat.ts: parts rendered but without an @csspart line: ${unlisted.join(', ')}`);
if (unrendered.length > 0) problems.push(`components/agent-chat.ts: @csspart for parts no template renders: ${unrendered.join(', ')}`);
same('parts table', table('parts').flatMap((r) => names(r[0] ?? '')), parts, "the element's templates (part=…)");

/** @type {string[]} */
const manifestProps = (element.cssProperties ?? []).map((/** @type {{ name: string }} */ p) => p.name);
const styleProps = declaredCustomProperties();
const undocumentedProps = [...styleProps].filter((p) => !manifestProps.includes(p));
const unstyled = manifestProps.filter((p) => !styleProps.has(p));
if (undocumentedProps.length > 0) problems.push(`components/agent-chat.ts: custom properties without an @cssproperty line: ${undocumentedProps.join(', ')}`);
if (unstyled.length > 0) problems.push(`components/agent-chat.ts: @cssproperty for properties no style declares: ${unstyled.join(', ')}`);
same('CSS custom properties table', table('css-properties').flatMap((r) => names(r[0] ?? '')), styleProps, "the element's styles");

const cdnAt = readme.indexOf('<!-- checked: cdn-exports -->');
if (cdnAt < 0) problems.push('README.md: no paragraph marked <!-- checked: cdn-exports -->');
else {
  const paragraph = readme.slice(cdnAt).split('\n\n')[0] ?? '';
  same('list of the CDN bundle\'s exports', [...paragraph.matchAll(/`([\w$]+)`/g)].map(([, n]) => n ?? ''), valueExports('components/cdn.ts'), 'components/cdn.ts');
}

if (problems.length > 0) {
  console.error(`check-docs: the reference disagrees with the code:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log('check-docs: README reference tables and the element manifest agree with the code');
