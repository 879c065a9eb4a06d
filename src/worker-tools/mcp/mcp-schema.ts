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
 * the root must describe an object (a tool's arguments are one); nesting
 * stops at 64 levels, and the subschemas a check may walk — the schema with
 * every `$ref` written out, a cycle counted once — at 50,000 (40 definitions
 * that each name the next twice would be 2^40).
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
const MAX_EXPANDED = 50_000;

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
  if (refs.length > 0 && expandedSize(schema, anchors) > MAX_EXPANDED) return `its $refs expand to more than ${MAX_EXPANDED.toLocaleString('en')} subschemas`;
  return undefined;
}

/** The subschemas of `node` (what a validator may walk next), `$ref`'s target included. */
function children(root: Node, node: Node, anchorNodes: Map<string, Node>): Node[] {
  const out: Node[] = [];
  for (const keyword of SCHEMA_MAPS) if (isNode(node[keyword])) for (const sub of Object.values(node[keyword] as Node)) if (isNode(sub)) out.push(sub);
  for (const keyword of SUBSCHEMAS) {
    const value = node[keyword];
    for (const sub of Array.isArray(value) ? value : [value]) if (isNode(sub)) out.push(sub);
  }
  if (typeof node.$ref === 'string') {
    const target = node.$ref === '#' ? root : node.$ref.startsWith('#/') ? pointer(root, node.$ref) : anchorNodes.get(decodeURIComponent(node.$ref.slice(1)));
    if (isNode(target)) out.push(target);
  }
  return out;
}

/**
 * How many subschemas `root` comes to with every `$ref` written out (a
 * subschema met again inside itself — recursion — counts once), stopping
 * once past `MAX_EXPANDED`. Each subschema's size is counted once and reused:
 * linear in the schema, iterative (no recursion on its depth).
 */
function expandedSize(root: Node, anchors: Set<string>): number {
  const anchorNodes = new Map<string, Node>();
  const all: Node[] = [root];
  for (let i = 0; i < all.length && all.length <= MAX_EXPANDED * 4; i++) {
    const node = all[i]!;
    if (typeof node.$anchor === 'string' && anchors.has(node.$anchor)) anchorNodes.set(node.$anchor, node);
    for (const keyword of [...SCHEMA_MAPS, ...SUBSCHEMAS]) {
      const value = node[keyword];
      const subs = SCHEMA_MAPS.includes(keyword) && isNode(value) ? Object.values(value) : Array.isArray(value) ? value : [value];
      for (const sub of subs) if (isNode(sub)) all.push(sub);
    }
  }
  const size = new Map<Node, number>();
  const open = new Set<Node>();
  const stack: [Node, boolean][] = [[root, false]];
  while (stack.length > 0) {
    const [node, done] = stack.pop()!;
    if (done) {
      let total = 1;
      for (const child of children(root, node, anchorNodes)) total += size.get(child) ?? 1;
      size.set(node, Math.min(total, MAX_EXPANDED + 1));
      open.delete(node);
      continue;
    }
    if (size.has(node) || open.has(node)) continue;
    open.add(node);
    stack.push([node, true]);
    for (const child of children(root, node, anchorNodes)) if (!size.has(child) && !open.has(child)) stack.push([child, false]);
  }
  return size.get(root) ?? 1;
}

/** The value at JSON pointer `ref` (`#/a/b`) of `root`. */
function pointer(root: Node, ref: string): unknown {
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isNode(node) || !Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
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
