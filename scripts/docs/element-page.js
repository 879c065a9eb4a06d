// @ts-check
/**
 * The element reference page (docs-site/reference/element.md), generated
 * from the custom-elements manifest (scripts/manifest.js, from the
 * classes' JSDoc: `@attr`, `@prop`, `@fires`, `@csspart`, `@cssproperty`)
 * and, for each attribute that sets an option, the settings table
 * (src/settings.ts: which option, and its `@default`). Every public element
 * of the package gets its section: attributes, properties, methods, DOM
 * events, slots, parts and CSS custom properties, each as the manifest lists it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeManifest } from '../manifest.js';
import { settingsAttributes } from '../lib/settings-table.js';
import { optionDocs } from './settings-page.js';
import { cell, code, generatedNotice, table } from './markdown.js';

/** The elements an app uses, in the order the page shows them. */
const PUBLIC = ['agent-chat', 'agent-trace'];

/**
 * @typedef {{ name: string, description?: string, type?: { text: string }, fieldName?: string, default?: string }} Attribute
 * @typedef {{ kind: string, name: string, description?: string, privacy?: string, static?: boolean, attribute?: string, type?: { text: string }, readonly?: boolean, parameters?: { name: string, optional?: boolean, type?: { text: string } }[], return?: { type?: { text: string } } }} Member
 * @typedef {{ tagName: string, name: string, summary?: string, description?: string, attributes?: Attribute[], members?: Member[], events?: { name: string, description?: string, type?: { text: string } }[], slots?: { name: string, description?: string }[], cssParts?: { name: string, description?: string }[], cssProperties?: { name: string, description?: string, default?: string }[] }} Element
 */

/** The public elements as the manifest describes them. @returns {Element[]} */
export function manifestElements() {
  const dir = mkdtempSync(join(tmpdir(), 'pageloop-docs-cem-'));
  try {
    writeManifest(dir, { quiet: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'custom-elements.json'), 'utf8'));
    /** @type {Element[]} */
    const all = manifest.modules.flatMap((/** @type {{ declarations?: Element[] }} */ m) => m.declarations ?? []).filter((/** @type {Element} */ d) => d.tagName);
    return PUBLIC.map((tag) => {
      const found = all.find((d) => d.tagName === tag);
      if (!found) throw new Error(`element-page: the manifest has no <${tag}>`);
      return found;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** @param {Member} m */
const isPublic = (m) => (m.privacy ?? 'public') === 'public' && !m.static && !m.name.startsWith('#') && Boolean(m.description);

/**
 * @param {Element} el @param {Map<string, string>} options attribute → option
 * @param {Map<string, string | undefined>} defaults option → `@default`
 */
function section(el, options, defaults) {
  const out = [`## \`<${el.tagName}>\``, '', cell(el.description || el.summary), ''];
  const attributes = el.attributes ?? [];
  const attributeFields = new Set(attributes.map((a) => a.fieldName));
  out.push(`### Attributes of \`<${el.tagName}>\``, '');
  out.push(
    table(
      ['attribute', 'property', 'type', 'option (default)', 'meaning'],
      attributes.map((a) => {
        const option = options.get(a.name);
        const fallback = option ? defaults.get(option) : undefined;
        return [
          `<span id="attr-${el.tagName}-${a.name}">${code(a.name)}</span>`,
          a.fieldName ? code(a.fieldName) : '—',
          a.type?.text ? code(a.type.text) : '—',
          option ? `[${code(option)}](./settings.md#${option.toLowerCase()})${fallback !== undefined ? ` (${code(fallback)})` : ''}` : '—',
          cell(a.description),
        ];
      }),
    ),
    '',
  );
  const members = (el.members ?? []).filter(isPublic);
  const properties = members.filter((m) => m.kind === 'field' && !m.attribute && !attributeFields.has(m.name));
  if (properties.length > 0) {
    out.push(`### Properties of \`<${el.tagName}>\``, '', 'Set from script only (no attribute).', '');
    out.push(table(['property', 'type', 'meaning'], properties.map((p) => [code(p.name), p.type?.text ? code(p.type.text) : '—', cell(p.description)])), '');
  }
  const methods = members.filter((m) => m.kind === 'method');
  if (methods.length > 0) {
    out.push(`### Methods of \`<${el.tagName}>\``, '');
    const signature = (/** @type {Member} */ m) => `${m.name}(${(m.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ')})`;
    out.push(table(['method', 'returns', 'what it does'], methods.map((m) => [code(signature(m)), m.return?.type?.text ? code(m.return.type.text) : '—', cell(m.description)])), '');
  }
  if ((el.events ?? []).length > 0) {
    out.push(`### DOM events of \`<${el.tagName}>\``, '');
    out.push(table(['event', 'type', 'when'], (el.events ?? []).map((e) => [code(e.name), e.type?.text ? code(e.type.text) : '—', cell(e.description)])), '');
  }
  if ((el.slots ?? []).length > 0) {
    out.push(`### Slots of \`<${el.tagName}>\``, '');
    out.push(table(['slot', 'what goes there'], (el.slots ?? []).map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)])), '');
  }
  if ((el.cssParts ?? []).length > 0) {
    out.push(`### Parts of \`<${el.tagName}>\``, '', `Style them with \`${el.tagName}::part(name)\`.`, '');
    out.push(table(['part', 'what it is'], (el.cssParts ?? []).map((p) => [code(p.name), cell(p.description)])), '');
  }
  if ((el.cssProperties ?? []).length > 0) {
    out.push(`### CSS custom properties of \`<${el.tagName}>\``, '', `Set them on \`${el.tagName}\` or an ancestor.`, '');
    out.push(table(['property', 'what it sets'], (el.cssProperties ?? []).map((p) => [code(p.name), cell(p.description)])), '');
  }
  return out.join('\n');
}

/**
 * The page's markdown.
 * @param {string} root @returns {string}
 */
export function elementPage(root) {
  const options = new Map(settingsAttributes(root).map((a) => [a.attribute, a.option]));
  const defaults = new Map(optionDocs(root).map((d) => [d.name, d.defaultTag]));
  const elements = manifestElements();
  return `${generatedNotice('the custom-elements manifest (scripts/manifest.js) and src/settings.ts')}
# Element manifest

The elements' whole surface as their custom-elements manifest describes it
(generated from the classes' JSDoc; the package ships the same manifest as
\`dist/custom-elements.json\`, named by package.json's \`customElements\`).
Attributes that set an agent option link to that option in the
[settings table](./settings.md), with its default. The
[\`<agent-chat>\` page](./agent-chat.md) explains them at length.

::: v-pre
${elements.map((el) => section(el, options, defaults)).join('\n\n')}
:::
`;
}
