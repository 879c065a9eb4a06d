// @ts-check
/**
 * `<agent-chat>`'s option attributes, read from the settings table
 * (src/settings.ts) at build time: each `SETTINGS` row with an
 * `element.attribute`, its property, how the text converts, and its
 * documentation — the `@attr` JSDoc tag of the option in `AgentOptions`
 * (the attribute's own wording), else the option's summary. The custom
 * elements manifest gets these attributes from here (scripts/cem.config.js),
 * and check-docs compares the README with it; so an option's attribute is
 * declared once, in its row, and documented once, beside its field.
 *
 * Read with the TypeScript parser, not by importing the module: this runs in
 * Node, before anything is built.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

/**
 * @typedef {object} SettingsAttribute
 * @property {string} option the `AgentOptions` key
 * @property {string} attribute the attribute's name
 * @property {string} fieldName the element property that holds it
 * @property {string} type the value's type, as the attribute gives it
 * @property {string | undefined} description the `@attr` tag of the option, else its JSDoc summary
 */

/** @param {ts.Node} node */
const nameOf = (node) => {
  const name = /** @type {{ name?: ts.PropertyName }} */ (node).name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
};

/** @param {ts.ObjectLiteralExpression} object @param {string} key */
const field = (object, key) => {
  const found = object.properties.find((p) => ts.isPropertyAssignment(p) && nameOf(p) === key);
  return found && ts.isPropertyAssignment(found) ? found.initializer : undefined;
};

/** JSDoc text as one line. @param {string | ts.NodeArray<ts.JSDocComment> | undefined} comment */
const text = (comment) => (typeof comment === 'string' ? comment : ts.getTextOfJSDocComment(comment) ?? '').replace(/\s+/g, ' ').trim();

/**
 * The option attributes of `<agent-chat>`, in the table's order.
 * @param {string} root the repository root
 * @returns {SettingsAttribute[]}
 */
export function settingsAttributes(root) {
  const path = resolve(root, 'src/settings.ts');
  const file = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true);
  /** @type {Map<string, ts.PropertySignature>} */
  const options = new Map();
  /** @type {ts.ObjectLiteralExpression | undefined} */
  let table;
  file.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'AgentOptions') {
      for (const m of node.members) if (ts.isPropertySignature(m) && nameOf(m)) options.set(/** @type {string} */ (nameOf(m)), m);
    }
    if (!ts.isVariableStatement(node)) return;
    for (const d of node.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.name.text !== 'SETTINGS' || !d.initializer) continue;
      let init = d.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) table = init;
    }
  });
  if (!table) throw new Error('settings-table: no SETTINGS table in src/settings.ts');
  /** @type {SettingsAttribute[]} */
  const out = [];
  for (const row of table.properties) {
    const option = nameOf(row);
    if (!option || !ts.isPropertyAssignment(row) || !ts.isObjectLiteralExpression(row.initializer)) continue;
    const element = field(row.initializer, 'element');
    if (!element || !ts.isObjectLiteralExpression(element)) continue;
    const attribute = field(element, 'attribute');
    if (!attribute || !ts.isStringLiteral(attribute)) continue;
    const property = field(element, 'property');
    const from = field(element, 'from');
    const member = options.get(option);
    const conversion = from && ts.isStringLiteral(from) ? from.text : undefined;
    const type = conversion === 'number' ? 'number' : conversion === 'presence' ? 'boolean' : member?.type ? member.type.getText(file) : 'string';
    const docs = member ? ts.getJSDocCommentsAndTags(member).filter(ts.isJSDoc) : [];
    const tag = member ? ts.getJSDocTags(member).find((t) => t.tagName.text === 'attr') : undefined;
    const summary = docs.map((d) => text(d.comment)).join(' ').trim();
    out.push({
      option,
      attribute: attribute.text,
      fieldName: property && ts.isStringLiteral(property) ? property.text : option,
      type,
      description: (tag ? text(tag.comment) : summary) || undefined,
    });
  }
  return out;
}
