/**
 * Whether an MCP tool's input schema can be used, checked when the server
 * lists its tools. The validator compiles a schema lazily, at the first call,
 * and a model server may turn the tools' schemas into a grammar (llama.cpp
 * does) — so a schema that cannot compile would fail every call of its tool,
 * or the whole model request and with it every other tool. Such a tool is
 * left out (listed in the server's `skipped`, with this reason) and the
 * server's other tools work.
 *
 * Checked: a `$ref` must point inside the schema (a JSON pointer, or an
 * `$anchor`; remote references cannot be fetched from a worker); `type` must
 * name JSON Schema types; `pattern` and `patternProperties` keys must be
 * regular expressions (with the `u` flag, as the validator compiles them);
 * the root must describe an object (a tool's arguments are one).
 *
 * @example
 * schemaProblem({ type: 'object', properties: { n: { type: 'integr' } } });
 * // → 'at /properties/n: "integr" is not a JSON Schema type'
 */

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
/** Keywords whose value is a map of subschemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords whose value is a subschema or a list of them. */
const SUBSCHEMAS = ['items', 'prefixItems', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
const MAX_DEPTH = 64;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why `schema` cannot be used as a tool's input schema, or undefined when it can. */
export function schemaProblem(schema: unknown): string | undefined {
  if (!isNode(schema)) return 'it is not a JSON Schema object';
  if (schema.type !== undefined && schema.type !== 'object') return `its type is ${JSON.stringify(schema.type)}, but a tool's arguments are an object`;
  const anchors = new Set<string>();
  const refs: { ref: string; at: string }[] = [];
  const problem = walk(schema, '', 0, anchors, refs);
  if (problem) return problem;
  for (const { ref, at } of refs) {
    const why = refProblem(schema, ref, anchors);
    if (why) return `at ${at || '/'}: $ref ${JSON.stringify(ref)} ${why}`;
  }
  return undefined;
}

function walk(node: Node, at: string, depth: number, anchors: Set<string>, refs: { ref: string; at: string }[]): string | undefined {
  if (depth > MAX_DEPTH) return `it is nested more than ${MAX_DEPTH} levels deep`;
  const here = (what: string) => `at ${at || '/'}: ${what}`;
  if (typeof node.$ref === 'string') refs.push({ ref: node.$ref, at });
  if (typeof node.$anchor === 'string') anchors.add(node.$anchor);
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  for (const t of types) if (typeof t !== 'string' || !TYPES.has(t)) return here(`${JSON.stringify(t)} is not a JSON Schema type`);
  if (node.pattern !== undefined && !isRegExp(node.pattern)) return here(`pattern ${JSON.stringify(node.pattern)} is not a regular expression`);
  if (isNode(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) if (!isRegExp(key)) return here(`patternProperties key ${JSON.stringify(key)} is not a regular expression`);
  for (const keyword of SCHEMA_MAPS) {
    const map = node[keyword];
    if (!isNode(map)) continue;
    for (const [key, sub] of Object.entries(map)) {
      const why = isNode(sub) ? walk(sub, `${at}/${keyword}/${escape(key)}`, depth + 1, anchors, refs) : undefined;
      if (why) return why;
    }
  }
  for (const keyword of SUBSCHEMAS) {
    const value = node[keyword];
    const subs = Array.isArray(value) ? value.map((v, i) => [v, `${at}/${keyword}/${i}`] as const) : [[value, `${at}/${keyword}`] as const];
    for (const [sub, path] of subs) {
      const why = isNode(sub) ? walk(sub, path, depth + 1, anchors, refs) : undefined;
      if (why) return why;
    }
  }
  return undefined;
}

/** Why `ref` does not resolve inside `root`, or undefined when it does. */
function refProblem(root: Node, ref: string, anchors: Set<string>): string | undefined {
  if (!ref.startsWith('#')) return 'points outside the schema (remote references cannot be fetched)';
  if (ref === '#') return undefined;
  if (!ref.startsWith('#/')) return anchors.has(decodeURIComponent(ref.slice(1))) ? undefined : 'names an anchor the schema does not have';
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return 'points at nothing in the schema';
    node = (node as Node)[key];
  }
  return typeof node === 'object' || typeof node === 'boolean' ? undefined : 'points at something that is not a schema';
}

function isRegExp(pattern: unknown): boolean {
  if (typeof pattern !== 'string') return false;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** A key as a JSON pointer segment. */
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
