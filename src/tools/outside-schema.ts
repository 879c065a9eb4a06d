/**
 * Checking arguments against a JSON Schema from outside the app (an MCP
 * server's tool) in bounded time. The validator (@cfworker/json-schema) trusts
 * its schema, and a hostile one can make it run for hours on the one thread
 * the agent's loop has — no Stop, no other run — with arguments the server
 * can steer the model into:
 * - `pattern` and `patternProperties` run on the browser's backtracking
 *   RegExp: `^(a+)+$` against 34 a's and a `!` tries 2^34 ways;
 * - `format: "url"` is checked with a regular expression that backtracks
 *   the same way (`http://` and 40 letters and a `!`);
 * - `uniqueItems` compares every item with every other (200,000 ids:
 *   4·10^10 comparisons);
 * - every subschema a call reaches is evaluated: `anyOf` branches that each
 *   recurse multiply per level of the arguments.
 *
 * So before each check the schema is rewritten for the arguments in hand,
 * saying the same about them while the validator does only cheap work:
 * - `pattern` becomes a format of this check's own that runs the pattern on
 *   RE2 (re2js: time linear in the string), once per string it is asked about;
 * - a `patternProperties` key becomes a prefix tree of the argument keys the
 *   pattern matches on RE2 (`^(?:a(?:b|c))$`: tried in time linear in a key);
 * - `format: "url"` is checked by the URL parser the same way;
 * - `uniqueItems` becomes `not: { enum: [the lists that repeat an item] }`,
 *   found by hashing each list once (more than 64 such lists: refused);
 * - the validator's visits to subschemas are counted, 100,000 plus 64 per
 *   value of the arguments at most: past that the call is refused, saying so.
 * A pattern RE2 cannot run (a lookahead, a back-reference) is not checked
 * here; the server checks its own arguments too.
 */
import { RE2JS } from 're2js';
import { Validator, format as formats, type OutputUnit } from '@cfworker/json-schema';
import { isRecord } from '../is-record.js';
import type { JSONSchema, ValidationResult } from '../types.js';

/** Subschema visits allowed for a check: a base, and so many more per value of the arguments. */
const BASE_VISITS = 100_000;
const VISITS_PER_VALUE = 64;
/** Distinct lists that repeat an item, at most, for `uniqueItems` to be checked. */
const MAX_REPEATING_LISTS = 64;

type Node = Record<string, unknown>;

/** A compiled pattern, or null when RE2 cannot run it (it is then not checked). */
type Pattern = { find(text: string): boolean } | null;

/** What a schema from outside holds that needs rewriting, found once. */
interface Needs {
  patterns: Map<string, Pattern>;
  url: boolean;
  unique: boolean;
}

/** A checker of arguments against `schema`, a schema from outside, for tool `toolName`. */
export function outsideValidator(toolName: string, schema: JSONSchema, describe: (errors: readonly OutputUnit[]) => string): (args: unknown) => ValidationResult<unknown> {
  const needs = scan(schema);
  // Nothing to rewrite: one validator, its visits still counted.
  const counter = { left: 0 };
  const plain = needs.patterns.size === 0 && !needs.url && !needs.unique ? new Validator(counted(structuredClone(schema), counter) as never, '2020-12', false) : undefined;
  return (args) => {
    const seen = collect(args, needs.unique);
    counter.left = BASE_VISITS + VISITS_PER_VALUE * seen.values;
    if (plain) return run(plain, args, counter, toolName, describe);
    const repeating = needs.unique ? repeatingLists(seen.lists) : [];
    if (repeating.length > MAX_REPEATING_LISTS) return { ok: false, error: `Invalid arguments for tool "${toolName}":\n- (arguments): more than ${MAX_REPEATING_LISTS} lists repeat an item; lists here must not repeat items.` };
    const added: string[] = [];
    const messages = new Map<string, string>();
    try {
      const rewritten = rewrite(structuredClone(schema), needs, seen.keys, repeating, (check, message) => {
        const name = `pageloop-check-${crypto.randomUUID()}`;
        (formats as Record<string, (s: string) => boolean>)[name] = check;
        added.push(name);
        messages.set(`String does not match format "${name}".`, message);
        return name;
      });
      const validator = new Validator(counted(rewritten, counter) as never, '2020-12', false);
      return run(validator, args, counter, toolName, (errors) => describe(errors.map((e) => relabel(e, messages, repeating, args))));
    } finally {
      for (const name of added) delete (formats as Record<string, unknown>)[name];
    }
  };
}

/** Runs a check; a check that spends its visits is refused, saying why. */
function run(validator: Validator, args: unknown, counter: { left: number }, toolName: string, describe: (errors: readonly OutputUnit[]) => string): ValidationResult<unknown> {
  try {
    const result = validator.validate(args);
    return result.valid ? { ok: true, value: args } : { ok: false, error: describe(result.errors) };
  } catch (err) {
    if (err !== OVER_BUDGET) throw err;
    return { ok: false, error: `Invalid arguments for tool "${toolName}":\n- (arguments): checking them against the server's schema took more than ${(BASE_VISITS / 1000).toFixed(0)},000 steps plus ${VISITS_PER_VALUE} per value; send fewer or simpler values.` };
  }
}

const OVER_BUDGET = new Error('over budget');

/**
 * `schema` with a counter on each of its subschemas: the validator reads
 * `__absolute_recursive_ref__` of a subschema once each time it visits it
 * (its own bookkeeping field; a subschema with `$recursiveRef` keeps it).
 */
function counted(schema: unknown, counter: { left: number }): unknown {
  walkNodes(schema, (node) => {
    if (node.$recursiveRef !== undefined) return;
    Object.defineProperty(node, '__absolute_recursive_ref__', {
      configurable: true,
      enumerable: false,
      get() {
        if (--counter.left < 0) throw OVER_BUDGET;
        return undefined;
      },
    });
  });
  return schema;
}

/** Every subschema object of `schema` (those in `$defs`, maps and lists too), iteratively. */
function walkNodes(schema: unknown, visit: (node: Node) => void): void {
  const stack: unknown[] = [schema];
  const seen = new Set<unknown>();
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    // One by one: spreading a list of 200,000 into `push` overflows the stack.
    if (Array.isArray(value)) for (const item of value) stack.push(item);
    else {
      visit(value as Node);
      // Values of keywords that hold no schemas (enum, const, default, examples) are data, not subschemas.
      for (const [key, sub] of Object.entries(value)) if (!DATA_KEYWORDS.has(key)) stack.push(sub);
    }
  }
}

const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required', 'dependentRequired']);

/** The patterns, and whether `format: "url"` or `uniqueItems` appear. */
function scan(schema: JSONSchema): Needs {
  const needs: Needs = { patterns: new Map(), url: false, unique: false };
  const add = (source: unknown) => {
    if (typeof source === 'string' && !needs.patterns.has(source)) needs.patterns.set(source, compile(source));
  };
  walkNodes(schema, (node) => {
    add(node.pattern);
    if (isRecord(node.patternProperties)) Object.keys(node.patternProperties).forEach(add);
    if (node.format === 'url') needs.url = true;
    if (node.uniqueItems === true) needs.unique = true;
  });
  return needs;
}

/** A JSON Schema pattern (ECMAScript syntax, unanchored) on RE2, or null when RE2 cannot run it. */
function compile(source: string): Pattern {
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(source));
    return { find: (text) => re.matcher(text).find() };
  } catch {
    return null;
  }
}

/** The object keys, the lists and the count of values of the arguments, walked once. */
function collect(args: unknown, lists: boolean): { keys: Set<string>; lists: unknown[][]; values: number } {
  const keys = new Set<string>();
  const found: unknown[][] = [];
  let values = 0;
  const stack: unknown[] = [args];
  while (stack.length > 0) {
    const value = stack.pop();
    values++;
    if (Array.isArray(value)) {
      if (lists) found.push(value);
      for (const item of value) stack.push(item);
    } else if (isRecord(value)) {
      for (const [key, v] of Object.entries(value)) {
        keys.add(key);
        stack.push(v);
      }
    }
  }
  return { keys, lists: found, values };
}

/** The lists that repeat an item (each item keyed by its canonical JSON), one of each value. */
function repeatingLists(lists: readonly unknown[][]): unknown[][] {
  const repeating = new Map<string, unknown[]>();
  for (const list of lists) {
    const keys = new Set<string>();
    for (const item of list) {
      const key = canonical(item);
      if (keys.has(key)) {
        repeating.set(canonical(list), list);
        break;
      }
      keys.add(key);
    }
  }
  return [...repeating.values()];
}

/** JSON with object keys sorted: equal values, equal text (the arguments are bounded in depth before they get here). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * `schema` (a copy) rewritten for arguments whose object keys are `keys`:
 * `register(check, message)` names a format of this check's own.
 */
function rewrite(schema: JSONSchema, needs: Needs, keys: ReadonlySet<string>, repeating: unknown[][], register: (check: (s: string) => boolean, message: string) => string): JSONSchema {
  const names = new Map<string, string>();
  /** The format that answers pattern `source` (on RE2, once per string: a pattern on an array's items meets the same strings again). */
  const patternFormat = (source: string): string | undefined => {
    const pattern = needs.patterns.get(source);
    if (!pattern) return undefined;
    let name = names.get(source);
    if (name === undefined) {
      const verdicts = new Map<string, boolean>();
      const check = (s: string) => {
        let ok = verdicts.get(s);
        if (ok === undefined) verdicts.set(s, (ok = pattern.find(s)));
        return ok;
      };
      name = register(check, `String does not match pattern "${source}".`);
      names.set(source, name);
    }
    return name;
  };
  let urlFormat: string | undefined;
  walkNodes(schema, (node) => {
    if (typeof node.pattern === 'string') {
      const name = patternFormat(node.pattern);
      delete node.pattern;
      if (name) addCheck(node, { format: name });
    }
    if (isRecord(node.patternProperties)) {
      const rewritten: Node = {};
      for (const [source, sub] of Object.entries(node.patternProperties)) {
        const pattern = needs.patterns.get(source);
        // Unrunnable on RE2: not checked, and its keys count as any other (not as matched).
        if (!pattern) continue;
        const key = keysPattern([...keys].filter((k) => pattern.find(k)));
        // Two patterns that match the same keys: both subschemas apply to them.
        rewritten[key] = Object.hasOwn(rewritten, key) ? { allOf: [rewritten[key], sub] } : sub;
      }
      node.patternProperties = rewritten;
    }
    if (node.format === 'url') {
      urlFormat ??= register((s) => isUrl(s), 'String does not match format "url".');
      node.format = urlFormat;
    }
    if (node.uniqueItems === true) {
      delete node.uniqueItems;
      if (repeating.length > 0) addCheck(node, { not: { enum: repeating } });
    }
  });
  return schema;
}

/** Adds `check` to `node` through `allOf`, after what it holds: the node's own keywords and their places stay as they were. */
function addCheck(node: Node, check: Node): void {
  node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), check];
}

/** An anchored pattern matching exactly `keys`, as a prefix tree: a key is tried in time linear in its length. `(?!)` for none. */
function keysPattern(keys: readonly string[]): string {
  if (keys.length === 0) return '^(?!)';
  type Trie = Map<string, Trie> & { end?: boolean };
  const root: Trie = new Map();
  for (const key of keys) {
    let at = root;
    for (const ch of key) {
      let next = at.get(ch);
      if (!next) at.set(ch, (next = new Map()));
      at = next;
    }
    at.end = true;
  }
  // Iterative, post-order: a key may be as long as the arguments allow.
  const text = new Map<Trie, string>();
  const stack: [Trie, boolean][] = [[root, false]];
  while (stack.length > 0) {
    const [node, done] = stack.pop()!;
    if (!done) {
      stack.push([node, true]);
      for (const child of node.values()) stack.push([child, false]);
      continue;
    }
    const branches = [...node].map(([ch, child]) => escapeRegExp(ch) + text.get(child)!);
    if (node.end) branches.push('');
    text.set(node, branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`);
  }
  return `^${text.get(root)!}$`;
}

function escapeRegExp(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

/**
 * `format: "url"` in linear time, close to the validator's own rule: an
 * http(s) or ftp URL without spaces whose host is a public IPv4 address
 * (not 10/8, 127/8, 169.254/16, 172.16/12, 192.168/16; first part 1–223,
 * last 1–254), or labels of letters and digits (inner hyphens allowed)
 * ending in a top-level domain of two letters or more (the parser writes a
 * non-ASCII host in punycode: `xn--…`). Every expression here is unambiguous.
 */
function isUrl(s: string): boolean {
  if (!/^(?:https?|ftp):\/\/\S+$/i.test(s)) return false;
  let host: string;
  try {
    host = new URL(s).hostname;
  } catch {
    return false;
  }
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host)) {
    const [a, b, , d] = host.split('.').map(Number) as [number, number, number, number];
    const reserved = a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
    return !reserved && a >= 1 && a <= 223 && d >= 1 && d <= 254;
  }
  const labels = host.split('.');
  const tld = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every((l) => /^[a-z0-9]+(?:-+[a-z0-9]+)*$/.test(l)) && /^(?:[a-z]{2,}|xn--[a-z0-9-]+)$/.test(tld);
}

/** The validator's error, in words about the original schema: a pattern's or a format's own check, a list that repeats an item. */
function relabel(error: OutputUnit, messages: ReadonlyMap<string, string>, repeating: readonly unknown[][], args: unknown): OutputUnit {
  const message = messages.get(error.error);
  if (message) return { ...error, error: message };
  if (error.keyword === 'not' && repeating.length > 0 && Array.isArray(at(args, error.instanceLocation))) return { ...error, keyword: 'uniqueItems', error: 'Items must be unique; the list repeats an item.' };
  return error;
}

/** The value at a JSON pointer (`#/a/0`) of the arguments. */
function at(args: unknown, location: string): unknown {
  let value = args;
  for (const raw of location.replace(/^#\/?/, '').split('/').filter((p) => p !== '')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    value = Array.isArray(value) ? value[Number(key)] : isRecord(value) ? value[key] : undefined;
  }
  return value;
}
