/**
 * Whether a tool's schema can be used — one check for every tool, wherever
 * it comes from: a page tool's `parameters` (JSON Schema, or the JSON Schema
 * of a zod schema), checked when the tool is defined (tool-schema.ts, which
 * loads this file as a chunk of its own), and an MCP server's tool, checked
 * when the server lists its tools (mcp-connection.ts leaves such a tool out, saying
 * why, and offers the server's others).
 *
 * Why at definition: the validator compiles a schema lazily, at the first
 * call, and a model server may turn the tools' schemas into a grammar
 * (llama.cpp does) — so a schema that cannot compile fails every call of its
 * tool, or the whole model request and with it every other tool; and a
 * keyword with a value of the wrong shape (`properties: 5`, `required: 'id'`)
 * is silently ignored by the validator, so the tool runs with arguments its
 * schema meant to refuse.
 *
 * Checked (`schemaProblem`): a `$ref` must point inside the schema (a JSON
 * pointer, or an `$anchor`; remote references cannot be fetched from a
 * worker); `type` must name JSON Schema types; every keyword that holds
 * subschemas must hold schemas (objects or booleans), every keyword with a
 * number, count, list or flag must hold one; `pattern` and
 * `patternProperties` keys must be regular expressions (with the `u` flag,
 * as the validator compiles them); a `required` property that
 * `additionalProperties: false` forbids is impossible; the root must describe
 * an object (a tool's arguments are one); nesting stops at 64 levels, and
 * the subschemas a check may walk — the schema with every `$ref` written out,
 * a cycle counted once — at 50,000 (40 definitions that each name the next
 * twice would be 2^40: a validator walking it would never end). Legal but a trap for a model
 * (`schemaTraps`, a warning): a `required` name that `properties` does not
 * list (the model is told nothing about it). A zod schema (`zodProblem`) must
 * describe what JSON can carry: a `z.date()`, `z.map()`, `z.bigint()`… field
 * can never be filled by a model (`z.coerce.date()` can: it takes a string).
 *
 * @example
 * schemaProblem({ type: 'object', properties: { n: { type: 'integr' } } });
 * // → 'at /properties/n: "integr" is not a JSON Schema type'
 */

/**
 * The error for a tool's schema that cannot be used, naming the tool and the
 * fault (undefined when it can); warns, once per tool and property, about a
 * `required` property its properties do not describe. `what`: `parameters`,
 * or `result` (a render-and-wait tool's answer, which may be any type);
 * `source`: the schema as given (zod or JSON Schema); `json`: its JSON Schema
 * (undefined while a zod-mini schema's converter loads: zod's own fields are checked).
 */
export function toolSchemaError(toolName: string, what: 'parameters' | 'result', source: unknown, json: Record<string, unknown> | undefined): TypeError | undefined {
  const problem = zodProblem(source) ?? (json && schemaProblem(json, { root: what === 'result' ? 'any' : 'object' }));
  if (problem) return new TypeError(`Tool "${toolName}": its ${what} schema cannot be used: ${problem}.`);
  for (const { at, property } of json ? schemaTraps(json) : []) {
    const key = `${toolName}\u0000${at}\u0000${property}`;
    if (warned.has(key)) continue;
    warned.add(key);
    console.warn(`pageloop: tool "${toolName}": its ${what} schema requires "${property}" (at ${at}), but its properties do not describe it, so the model is never told what to send; list it in properties.`);
  }
  return undefined;
}

/** `required` properties already warned about (tool, place, name): each warning is given once. */
const warned = new Set<string>();

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
/** Keywords whose value is a map of subschemas. */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** Keywords whose value is one subschema. */
const SUBSCHEMA = ['not', 'if', 'then', 'else', 'additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'unevaluatedProperties', 'unevaluatedItems'];
/** Keywords whose value is a non-empty list of subschemas. */
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
/** Keywords whose value is a count: a whole number, 0 or more. */
const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'minContains', 'maxContains'];
/** Keywords whose value is a number (`exclusive*` may also be draft-04's boolean). */
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const MAX_DEPTH = 64;
const MAX_EXPANDED = 50_000;

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSchema = (v: unknown): boolean => isNode(v) || typeof v === 'boolean';
const show = (v: unknown): string => (v === undefined ? 'undefined' : JSON.stringify(v) ?? String(v));

/** Options of `schemaProblem`. */
export interface SchemaCheckOptions {
  /** What the root must describe: `object` (a tool's arguments, the default) or anything (a user's answer). */
  root?: 'object' | 'any';
}

/** Why `schema` cannot be used as a tool's schema, or undefined when it can. */
export function schemaProblem(schema: unknown, options: SchemaCheckOptions = {}): string | undefined {
  if (!isNode(schema)) return 'it is not a JSON Schema object';
  if ((options.root ?? 'object') === 'object' && schema.type !== undefined && schema.type !== 'object') return `its type is ${show(schema.type)}, but a tool's arguments are an object`;
  const anchors = new Set<string>();
  const refs: { ref: string; at: string }[] = [];
  const problem = walk(schema, '', 0, anchors, refs);
  if (problem) return problem;
  for (const { ref, at } of refs) {
    const why = refProblem(schema, ref, anchors);
    if (why) return `at ${at || '/'}: $ref ${show(ref)} ${why}`;
  }
  if (refs.length > 0 && expandedSize(schema, anchors) > MAX_EXPANDED) return `its $refs expand to more than ${MAX_EXPANDED.toLocaleString('en')} subschemas`;
  return undefined;
}

/** The subschemas of `node` (what a validator may walk next), `$ref`'s target included. */
function children(root: Node, node: Node, anchorNodes: Map<string, Node>): Node[] {
  const out: Node[] = [];
  forEachSubschema(node, '', (sub) => out.push(sub));
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
    forEachSubschema(node, '', (sub) => all.push(sub));
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

/**
 * What is legal but misleads a model, one sentence each: a `required`
 * property that `properties` does not describe (nor a `patternProperties`
 * key matches) — the model is never told it exists, so its calls fail.
 */
export function schemaTraps(schema: unknown): { at: string; property: string }[] {
  const traps: { at: string; property: string }[] = [];
  const visit = (node: unknown, at: string, depth: number): void => {
    if (!isNode(node) || depth > MAX_DEPTH) return;
    if (Array.isArray(node.required)) {
      const properties = isNode(node.properties) ? node.properties : {};
      const patterns = isNode(node.patternProperties) ? Object.keys(node.patternProperties) : [];
      for (const name of node.required) {
        if (typeof name === 'string' && !Object.hasOwn(properties, name) && !patterns.some((p) => matches(p, name))) traps.push({ at: at || '/', property: name });
      }
    }
    forEachSubschema(node, at, (sub, path) => visit(sub, path, depth + 1));
  };
  visit(schema, '', 0);
  return traps;
}

function walk(node: Node, at: string, depth: number, anchors: Set<string>, refs: { ref: string; at: string }[]): string | undefined {
  if (depth > MAX_DEPTH) return `it is nested more than ${MAX_DEPTH} levels deep`;
  const here = (what: string) => `at ${at || '/'}: ${what}`;
  if (typeof node.$ref === 'string') refs.push({ ref: node.$ref, at });
  if (typeof node.$anchor === 'string') anchors.add(node.$anchor);
  const shape = keywordProblem(node);
  if (shape) return here(shape);
  let problem: string | undefined;
  forEachSubschema(node, at, (sub, path) => {
    problem ??= isNode(sub) ? walk(sub, path, depth + 1, anchors, refs) : undefined;
  });
  return problem;
}

/** What is wrong with one schema object's own keywords (not its subschemas'), or undefined. */
function keywordProblem(node: Node): string | undefined {
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  if (Array.isArray(node.type) && node.type.length === 0) return 'type is an empty list';
  for (const t of types) if (typeof t !== 'string' || !TYPES.has(t)) return `${show(t)} is not a JSON Schema type`;
  for (const keyword of SCHEMA_MAPS) {
    const map = node[keyword];
    if (map === undefined) continue;
    if (!isNode(map)) return `${keyword} must be an object of schemas, not ${show(map)}`;
    for (const [key, sub] of Object.entries(map)) if (!isSchema(sub)) return `${keyword}.${key} must be a schema (an object such as { "type": "string" }), not ${show(sub)}`;
  }
  for (const keyword of SUBSCHEMA) if (node[keyword] !== undefined && !isSchema(node[keyword])) return `${keyword} must be a schema, not ${show(node[keyword])}`;
  for (const keyword of SCHEMA_LISTS) {
    const list = node[keyword];
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length === 0 || !list.every(isSchema)) return `${keyword} must be a non-empty list of schemas, not ${show(list)}`;
  }
  // `items` is a schema (2020-12) or a list of them (a draft-07 tuple); `prefixItems` a list.
  if (node.items !== undefined && !isSchema(node.items) && !(Array.isArray(node.items) && node.items.every(isSchema))) return `items must be a schema, not ${show(node.items)}`;
  if (node.prefixItems !== undefined && !(Array.isArray(node.prefixItems) && node.prefixItems.every(isSchema))) return `prefixItems must be a list of schemas, not ${show(node.prefixItems)}`;
  if (node.required !== undefined && !(Array.isArray(node.required) && node.required.every((r) => typeof r === 'string'))) return `required must be a list of property names, not ${show(node.required)}`;
  if (node.enum !== undefined && !Array.isArray(node.enum)) return `enum must be a list of values, not ${show(node.enum)}`;
  for (const keyword of NUMBERS) {
    const v = node[keyword];
    if (v !== undefined && typeof v !== 'number' && !(keyword.startsWith('exclusive') && typeof v === 'boolean')) return `${keyword} must be a number, not ${show(v)}`;
  }
  if (node.multipleOf !== undefined && !(typeof node.multipleOf === 'number' && node.multipleOf > 0)) return `multipleOf must be a number above 0, not ${show(node.multipleOf)}`;
  for (const keyword of COUNTS) {
    const v = node[keyword];
    if (v !== undefined && !(Number.isInteger(v) && (v as number) >= 0)) return `${keyword} must be a whole number, 0 or more, not ${show(v)}`;
  }
  if (node.uniqueItems !== undefined && typeof node.uniqueItems !== 'boolean') return `uniqueItems must be true or false, not ${show(node.uniqueItems)}`;
  if (node.format !== undefined && typeof node.format !== 'string') return `format must be a string, not ${show(node.format)}`;
  if (node.pattern !== undefined && !isRegExp(node.pattern)) return `pattern ${show(node.pattern)} is not a regular expression`;
  if (isNode(node.patternProperties)) for (const key of Object.keys(node.patternProperties)) if (!isRegExp(key)) return `patternProperties key ${show(key)} is not a regular expression`;
  if (node.dependentRequired !== undefined && !(isNode(node.dependentRequired) && Object.values(node.dependentRequired).every((l) => Array.isArray(l) && l.every((n) => typeof n === 'string')))) {
    return `dependentRequired must map property names to lists of names, not ${show(node.dependentRequired)}`;
  }
  if (node.additionalProperties === false && Array.isArray(node.required)) {
    const properties = isNode(node.properties) ? node.properties : {};
    const patterns = isNode(node.patternProperties) ? Object.keys(node.patternProperties) : [];
    const impossible = node.required.find((name) => typeof name === 'string' && !Object.hasOwn(properties, name) && !patterns.some((p) => matches(p, name)));
    if (impossible !== undefined) return `${show(impossible)} is required, but additionalProperties: false forbids it (properties does not list it), so no arguments can pass`;
  }
  return undefined;
}

/** Calls `visit` with each subschema of `node` (object ones only) and its JSON pointer. */
function forEachSubschema(node: Node, at: string, visit: (sub: Node, path: string) => void): void {
  for (const keyword of SCHEMA_MAPS) {
    const map = node[keyword];
    if (isNode(map)) for (const [key, sub] of Object.entries(map)) if (isNode(sub)) visit(sub, `${at}/${keyword}/${escape(key)}`);
  }
  for (const keyword of [...SUBSCHEMA, ...SCHEMA_LISTS, 'items', 'prefixItems']) {
    const value = node[keyword];
    if (Array.isArray(value)) value.forEach((v, i) => isNode(v) && visit(v, `${at}/${keyword}/${i}`));
    else if (isNode(value)) visit(value, `${at}/${keyword}`);
  }
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

/** Whether `name` matches the `patternProperties` key `pattern` (a bad pattern matches nothing). */
function matches(pattern: string, name: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(name);
  } catch {
    return false;
  }
}

/** A key as a JSON pointer segment. */
const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

// ——— zod ———

/** The parts of a zod v4 schema read here (every copy of zod v4 has them: classic, mini, core). */
interface ZodLike {
  _zod: { def: { type: string; [key: string]: unknown }; optin?: 'optional' };
}
const isZod = (v: unknown): v is ZodLike => typeof v === 'object' && v !== null && '_zod' in v;

/** What JSON cannot carry, by zod type, and what to write instead. */
const UNCARRIED: Record<string, string> = {
  date: 'a Date, which JSON cannot carry (z.coerce.date() takes an ISO date string, or use z.string())',
  bigint: 'a BigInt, which JSON cannot carry (z.coerce.bigint() takes a number or string)',
  map: 'a Map, which JSON cannot carry (use z.record())',
  set: 'a Set, which JSON cannot carry (use z.array())',
  symbol: 'a Symbol, which JSON cannot carry',
  function: 'a function, which JSON cannot carry',
  nan: 'NaN, which JSON cannot carry',
  undefined: 'undefined, which JSON cannot carry (make the field optional instead)',
  void: 'void, which JSON cannot carry (make the field optional instead)',
};

/**
 * Why a zod schema's arguments could never come from a model (a field JSON
 * cannot carry, named by its path), or undefined. Reads the input side, as
 * the arguments are parsed: a `.transform()` after a string is a string.
 */
export function zodProblem(schema: unknown): string | undefined {
  const seen = new Set<ZodLike>();
  const visit = (s: ZodLike, path: string, optional: boolean): string | undefined => {
    if (seen.has(s)) return undefined;
    seen.add(s);
    const def = s._zod.def;
    const at = (what: string) => `${path ? `field "${path}"` : 'the schema'} is ${what}`;
    const inner = (key: string, next = path, opt = optional) => (isZod(def[key]) ? visit(def[key], next, opt) : undefined);
    switch (def.type) {
      case 'date':
      case 'bigint':
        return def.coerce === true ? undefined : at(UNCARRIED[def.type]!);
      case 'undefined':
      case 'void':
        return optional ? undefined : at(UNCARRIED[def.type]!);
      case 'literal': {
        const values = def.values as unknown[];
        return values.every((v) => v === undefined || typeof v === 'bigint') && !optional ? at(`z.literal(${values.map(String).join(', ')}), which JSON cannot carry`) : undefined;
      }
      case 'object': {
        const shape = def.shape as Record<string, ZodLike>;
        for (const [key, field] of Object.entries(shape)) {
          const why = visit(field, path ? `${path}.${key}` : key, field._zod.optin === 'optional');
          if (why) return why;
        }
        return inner('catchall', path ? `${path}.*` : '*');
      }
      case 'array':
        return inner('element', `${path}[]`, false);
      case 'set':
      case 'map':
      case 'symbol':
      case 'function':
      case 'nan':
        return at(UNCARRIED[def.type]!);
      case 'tuple':
        return [...(def.items as ZodLike[]), ...(isZod(def.rest) ? [def.rest] : [])].reduce<string | undefined>((why, item, i) => why ?? visit(item, `${path}[${i}]`, false), undefined);
      case 'record':
        return inner('valueType', path ? `${path}.*` : '*', false);
      case 'union':
        return (def.options as ZodLike[]).reduce<string | undefined>((why, option) => why ?? visit(option, path, optional), undefined);
      case 'intersection':
        return inner('left') ?? inner('right');
      case 'optional':
      case 'default':
      case 'prefault':
        return inner('innerType', path, true);
      case 'nullable':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
      case 'promise':
        return inner('innerType');
      case 'pipe': {
        const input = def.in as ZodLike;
        return input._zod.def.type === 'transform' ? inner('out') : inner('in');
      }
      case 'lazy':
        return visit((def.getter as () => ZodLike)(), path, optional);
      default:
        return undefined;
    }
  };
  return isZod(schema) ? visit(schema, '', false) : undefined;
}
