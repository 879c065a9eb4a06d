// @ts-check
/**
 * The public types as the code declares them, read with the TypeScript
 * parser (no build): the options of `createAgent` with their `@default`
 * tags, the members of an interface, the string literals of a union alias,
 * and the `type` of each `AgentEvent`. Read by scripts/check-docs.js (the
 * reference tables) and scripts/docs/check-site.js (the built reference).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

/** Where the public types are declared (those that exist; src/types.ts re-exports them all). */
const TYPE_FILES = ['src/types.ts', 'src/agent-events.ts', 'src/settings.ts'];

/**
 * The public types of the repository at `root`.
 * @param {string} root
 */
export function publicTypes(root) {
  const files = TYPE_FILES.filter((f) => existsSync(resolve(root, f)));
  /** @type {Map<string, ts.InterfaceDeclaration | ts.TypeAliasDeclaration>} */
  const types = new Map();
  for (const path of files) {
    ts.createSourceFile(path, readFileSync(resolve(root, path), 'utf8'), ts.ScriptTarget.ES2022, true).forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) types.set(node.name.text, node);
    });
  }

  /** @param {string} name */
  const declared = (name) => {
    const node = types.get(name);
    if (!node) throw new Error(`public-types: no type ${name} in ${files.join(', ')}`);
    return node;
  };

  /** @param {string} name */
  const interfaceMembers = (name) => {
    const node = declared(name);
    if (!ts.isInterfaceDeclaration(node)) throw new Error(`public-types: ${name} is not an interface`);
    return node.members.filter((m) => memberName(m) !== undefined);
  };

  /**
   * The `type` literals of a union of object types, following references to
   * interfaces and aliases declared in the same files.
   * @param {ts.TypeNode} node @returns {string[]}
   */
  const eventTypes = (node) => {
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
  };

  return {
    /** The options of `createAgent` with their defaults as declared (`AgentOptions`, each property's `@default` tag). @returns {Map<string, string | undefined>} */
    options: () => new Map(interfaceMembers('AgentOptions').map((m) => [/** @type {string} */ (memberName(m)), defaultTag(m)])),
    /** The member names of an interface. @param {string} name @returns {string[]} */
    members: (name) => interfaceMembers(name).map((m) => /** @type {string} */ (memberName(m))),
    /** String literals of a union alias (`type X = 'a' | 'b'`). @param {string} name @returns {string[]} */
    literals: (name) => {
      const node = declared(name);
      if (!ts.isTypeAliasDeclaration(node)) throw new Error(`public-types: ${name} is not a type alias`);
      const parts = ts.isUnionTypeNode(node.type) ? node.type.types : [node.type];
      return parts.flatMap((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? [t.literal.text] : []));
    },
    /** The `type` of every `AgentEvent`. @returns {string[]} */
    eventTypes: () => {
      const node = declared('AgentEvent');
      return ts.isTypeAliasDeclaration(node) ? eventTypes(node.type) : [];
    },
  };
}

/** @param {ts.Node} member */
function memberName(member) {
  const name = /** @type {{ name?: ts.PropertyName }} */ (member).name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/** The `@default` JSDoc tag of a member, as written. @param {ts.Node} member */
function defaultTag(member) {
  const tag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'default');
  return typeof tag?.comment === 'string' ? tag.comment.trim() : undefined;
}
