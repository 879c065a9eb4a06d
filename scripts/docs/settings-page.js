// @ts-check
/**
 * The settings reference page (docs-site/reference/settings.md), generated
 * from src/settings.ts: one row per option of `AgentOptions`, in the table's
 * order — its default (the `@default` JSDoc tag, else the sentence of its
 * documentation that states one), its `<agent-chat>` attribute and property,
 * whether `agent.configure` takes it, whether the element makes a new agent
 * when it changes, which side of the worker it is used on, and what it is.
 *
 * `SETTINGS` is read by bundling src/settings.ts with esbuild (types only
 * besides the table), the JSDoc with the TypeScript parser.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { cell, code, generatedNotice, table } from './markdown.js';

/**
 * @typedef {object} OptionDoc
 * @property {string} name
 * @property {string} type  the declared type, as written
 * @property {string} summary
 * @property {string | undefined} defaultTag
 * @property {string | undefined} attr  the attribute's own wording (`@attr`)
 */

/** JSDoc text as one line. @param {string | ts.NodeArray<ts.JSDocComment> | undefined} comment */
const text = (comment) => (typeof comment === 'string' ? comment : (ts.getTextOfJSDocComment(comment) ?? '')).replace(/\s+/g, ' ').trim();

/**
 * The members of `AgentOptions` with their documentation.
 * @param {string} root @returns {OptionDoc[]}
 */
export function optionDocs(root) {
  const path = resolve(root, 'src/settings.ts');
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  /** @type {OptionDoc[]} */
  const out = [];
  file.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'AgentOptions') return;
    for (const m of node.members) {
      if (!ts.isPropertySignature(m) || !ts.isIdentifier(m.name)) continue;
      const tag = (/** @type {string} */ name) => {
        const found = ts.getJSDocTags(m).find((t) => t.tagName.text === name);
        return found ? text(found.comment) : undefined;
      };
      const summary = ts.getJSDocCommentsAndTags(m).filter(ts.isJSDoc).map((d) => text(d.comment)).join(' ').trim();
      out.push({ name: m.name.text, type: m.type?.getText(file) ?? 'unknown', summary, defaultTag: tag('default'), attr: tag('attr') });
    }
  });
  if (out.length === 0) throw new Error('settings-page: no AgentOptions in src/settings.ts');
  return out;
}

/**
 * The `SETTINGS` table itself, as the code has it.
 * @param {string} root @returns {Promise<Record<string, { side: string, live: boolean, restart?: true, model?: string, element?: { attribute: string | false, property?: string, from?: unknown } }>>}
 */
export async function settingsRows(root) {
  const bundled = await build({ entryPoints: [resolve(root, 'src/settings.ts')], bundle: true, format: 'esm', write: false, platform: 'neutral', logLevel: 'error' });
  const source = bundled.outputFiles[0]?.text ?? '';
  const mod = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  return mod.SETTINGS;
}

/** The default as the documentation states it. @param {OptionDoc} doc */
function defaultOf(doc) {
  if (doc.defaultTag !== undefined) return code(doc.defaultTag);
  const sentence = doc.summary.split(/(?<=\.)\s+/).find((s) => /\bdefault\b/i.test(s));
  return sentence ? cell(sentence) : 'not set';
}

/** How the attribute's text becomes the value. @param {unknown} from */
const conversion = (from) => (from === 'number' ? ' (a number)' : from === 'presence' ? ' (present: true)' : '');

/**
 * The page's markdown.
 * @param {string} root @returns {Promise<string>}
 */
export async function settingsPage(root) {
  const docs = optionDocs(root);
  const rows = await settingsRows(root);
  const missing = docs.filter((d) => !rows[d.name]).map((d) => d.name);
  if (missing.length > 0) throw new Error(`settings-page: options without a SETTINGS row: ${missing.join(', ')}`);
  const body = docs.map((doc) => {
    const row = rows[doc.name];
    const el = row?.element;
    const element = !el ? '—' : el.attribute ? `${code(el.attribute)}${conversion(el.from)}; property ${code(el.property ?? doc.name)}` : `property ${code(el.property ?? doc.name)} only`;
    return [
      `<span id="${doc.name.toLowerCase()}">${code(doc.name)}</span>`,
      code(doc.type),
      defaultOf(doc),
      element,
      row?.live ? 'yes' : 'no',
      row?.restart ? 'yes' : 'no',
      row?.side ?? '—',
      cell(doc.summary || doc.attr),
    ];
  });
  return `${generatedNotice('src/settings.ts (AgentOptions and SETTINGS)')}
# Settings table

Every option of \`createAgent\`, generated from the settings table
(\`src/settings.ts\`), which declares each option once: its default, its
\`<agent-chat>\` attribute and property, whether \`agent.configure()\` takes it
on a live agent, and whether the element makes a new agent (a new worker)
when it changes. The [options page](./options.md) explains each one at
length; the [API reference](./api/pageloop/interfaces/AgentOptions.md) has
their types.

- **configure**: \`agent.configure({ … })\` takes it; a live agent uses the new value from its next run.
- **new agent**: \`<agent-chat>\` replaces its agent when it changes (another conversation or model source).
- **side**: \`page\` — used on the page only; \`worker\` — crosses to the worker's services; \`loop\` — crosses and reaches the agent loop.

::: v-pre
${table(['option', 'type', 'default', '<code>&lt;agent-chat&gt;</code>', 'configure', 'new agent', 'side', 'what it is'], body)}
:::
`;
}
