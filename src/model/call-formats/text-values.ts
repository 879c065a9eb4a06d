/**
 * Parameter values that a format writes as bare text (Qwen3-Coder, Seed-OSS,
 * MiniMax-M2, GLM, LongCat, MiniCPM5, DeepSeek DSML): first the family's own
 * whitespace rule, then the type the tool's JSON Schema asks for.
 *
 *   <parameter=ref>
 *   5123123
 *   </parameter>          → "5123123" when `ref` is a string, 5123123 when an integer
 *
 * Typing follows vLLM's converters (qwen3coder `_convert_param_value`,
 * minimax_m2 `_convert_param_value_with_types`, glm4_moe `_deserialize`),
 * which agree on the cases that matter:
 * - a `string` stays the text as written, even when it looks like a number,
 *   `true`, `null` or `"quoted"`;
 * - `integer`/`number`/`boolean`/`object`/`array` are parsed when the text is
 *   one; `null` only where the schema allows null;
 * - a union (`anyOf`/`oneOf`/`allOf`, a list of types, `enum` values) tries
 *   integer, number, boolean, object, array in that order (MiniMax-M2's
 *   priority), and keeps the text when none fits and a string is allowed;
 * - a schema without any type is text (vLLM: "string"), except the word
 *   `null`, which such a schema allows;
 * - vLLM's type names that are no JSON Schema types are read as the JSON
 *   type they name: `int`, `float`/`double`, `bool`, `str`/`text`, `dict`, `list`;
 * - a value that fits no allowed type stays text, so the tool's validation
 *   tells the model what was wrong. Where the references differ we chose the
 *   reading that never invents a value: vLLM's Qwen3-Coder turns an unreadable
 *   boolean into `false`, MiniMax-M2 reads `yes`/`on`/`1` as true, and
 *   MiniMax-M2 turns the word `null` into null for any type; we keep the text.
 * - a parameter the schema does not list (or a tool without a schema) is text
 *   for Qwen3-Coder, Seed-OSS and MiniMax-M2 (vLLM), and read as JSON or a
 *   Python literal, else text, for GLM, LongCat and DSML (vLLM glm4_moe).
 *   Qwen3-Coder and Seed-OSS read JSON when the caller passed no tools at
 *   all (there is no schema to defer to); MiniMax-M2 keeps text even then.
 *   Whichever, the word `null` (any case) is null there: no schema forbids
 *   it, and vLLM's and Ollama's converters read it so for every parameter.
 */
import type { JSONSchema } from '../../types.js';
import { tryParseJson } from '../json-scanner.js';
import { noteRepair } from './repair-notes.js';
import type { ReadContext, TextToolCall } from './call-format.js';
import { readPythonLiteral } from './pythonic.js';
import { namedCall } from './scan.js';

/** What a family makes of a value whose parameter has no schema: the text, or JSON when it parses. */
export type Untyped = 'string' | 'json';

/** The schema of parameter `param` of tool `name`, when the tools are known and list it. */
export function paramSchema(ctx: ReadContext, name: string, param: string): JSONSchema | undefined {
  const props = ctx.tools?.get(name)?.parameters?.properties;
  if (typeof props !== 'object' || props === null || !Object.hasOwn(props, param)) return undefined;
  const schema = (props as Record<string, unknown>)[param];
  return typeof schema === 'object' && schema !== null ? (schema as JSONSchema) : undefined;
}

/** Type names vLLM's converters accept besides JSON Schema's own, and the JSON type each means. */
const TYPE_ALIASES: Readonly<Record<string, string>> = { int: 'integer', float: 'number', double: 'number', bool: 'boolean', str: 'string', text: 'string', dict: 'object', list: 'array' };

/** Every JSON type a schema allows: `type` (or a list), `enum` values, `anyOf`/`oneOf`/`allOf`. */
export function schemaTypes(schema: JSONSchema): Set<string> {
  const types = new Set<string>();
  const add = (x: unknown) => {
    if (typeof x === 'string') types.add(Object.hasOwn(TYPE_ALIASES, x) ? TYPE_ALIASES[x]! : x);
  };
  const t = schema.type;
  if (Array.isArray(t)) t.forEach(add);
  else add(t);
  if (Array.isArray(schema.enum)) for (const v of schema.enum) types.add(jsonType(v));
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const s of list) if (typeof s === 'object' && s !== null) for (const x of schemaTypes(s as JSONSchema)) types.add(x);
  }
  return types;
}

function jsonType(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** Each non-string type, in the order a union tries them; `undefined`: the text is not one. */
const READERS: ReadonlyArray<readonly [string, (text: string) => unknown]> = [
  ['integer', (t) => (/^[+-]?\d+$/.test(t) ? Number(t) : undefined)],
  ['number', (t) => (/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(t) ? Number(t) : undefined)],
  ['boolean', (t) => (/^(?:true|false)$/i.test(t) ? pythonStyle(t) === 'true' : undefined)],
  ['object', (t) => container(t, (v) => typeof v === 'object' && v !== null && !Array.isArray(v))],
  ['array', (t) => container(t, Array.isArray)],
];

/** A boolean's text in lower case; `True`/`False` noted as mended. */
function pythonStyle(text: string): string {
  const lower = text.toLowerCase();
  if (lower !== text) noteRepair('Python-style True/False/None read as JSON');
  return lower;
}

/** JSON (or, as vLLM retries, a Python literal, or JSON that encodes one) of the wanted shape. */
function container(text: string, fits: (v: unknown) => boolean): unknown {
  let value = literal(text);
  let encoded = false;
  if (typeof value === 'string') {
    value = literal(value.trim());
    encoded = true;
  }
  if (!fits(value)) return undefined;
  if (encoded) noteRepair('an object or array written as a JSON string decoded');
  return value;
}

/** The text read as JSON, else as a Python literal; `undefined` when it is neither. */
function literal(text: string): unknown {
  const json = tryParseJson(text);
  if (json.ok) return json.value;
  const python = readPythonLiteral(text);
  if (python) noteRepair('a Python literal read as JSON');
  return python ? python.value : undefined;
}

/**
 * Types one text-written value by its parameter's schema (see the header).
 *
 * @example
 * typeValue('007', { type: 'string' });           // → '007'
 * typeValue(' 3 ', { type: 'integer' });          // → 3
 * typeValue('null', { anyOf: [{ type: 'string' }, { type: 'null' }] }); // → null
 */
export function typeValue(raw: string, schema: JSONSchema | undefined, untyped: Untyped = 'json'): unknown {
  const trimmed = raw.trim();
  const types = schema ? schemaTypes(schema) : new Set<string>();
  // No schema, or one without a type, allows null: the word is null, whatever else stays text.
  if (types.size === 0 && /^null$/i.test(trimmed)) {
    if (trimmed !== 'null') noteRepair('null written in capitals read as null');
    return null;
  }
  if (!schema) return untyped === 'string' ? raw : (literal(trimmed) ?? trimmed);
  if (types.size === 0) return raw;
  if (types.has('null') && /^(?:null|none)$/i.test(trimmed)) {
    if (trimmed !== 'null') noteRepair('Python-style True/False/None read as JSON');
    return null;
  }
  for (const [type, read] of READERS) {
    if (!types.has(type)) continue;
    const value = read(trimmed);
    if (value !== undefined) return value;
  }
  if (types.has('string')) return raw;
  // Nothing fits: as the references do, read it as a literal if it is one, so the
  // tool's check names the real type; but never null where the schema forbids it.
  const value = literal(trimmed);
  return value === undefined || value === null ? raw : value;
}

/** A call from text-written parameters, each typed by the tool's schema. */
export function callFromTextParams(name: string, params: ReadonlyArray<readonly [string, string]>, ctx: ReadContext, untyped: Untyped): TextToolCall {
  const args: Record<string, unknown> = {};
  for (const [key, value] of params) args[key] = typeValue(value, paramSchema(ctx, name, key), untyped);
  return namedCall(name, unwrapArguments(name, args, ctx), ctx);
}

/**
 * Arguments a model wrapped whole in one parameter the tool does not have
 * (`<parameter name="arguments">{"location": "Beijing"}</parameter>`, or
 * `input`): the object inside, when it names only the tool's own parameters
 * (vLLM deepseekv32 repairs it so). Anything else is left for the tool's check.
 */
export function unwrapArguments(name: string, args: Record<string, unknown>, ctx: ReadContext): Record<string, unknown> {
  const keys = Object.keys(args);
  const key = keys[0];
  const props = ctx.tools?.get(name)?.parameters?.properties;
  if (keys.length !== 1 || (key !== 'arguments' && key !== 'input') || typeof props !== 'object' || props === null || Object.hasOwn(props, key)) return args;
  let inner = args[key];
  if (typeof inner === 'string') inner = literal(inner.trim());
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return args;
  const innerKeys = Object.keys(inner);
  if (innerKeys.length === 0 || !innerKeys.every((k) => Object.hasOwn(props, k))) return args;
  noteRepair(`arguments wrapped in a "${key}" parameter unwrapped`);
  return inner as Record<string, unknown>;
}

/**
 * Qwen3-Coder's whitespace: the template writes `<parameter=k>\nvalue\n</parameter>`,
 * so one newline after the tag and the line the closing tag stands on are
 * markup (vLLM qwen3coder strips exactly one newline each side). When that
 * closing line is indented, the model indented the whole markup, and the
 * indentation every line of the value shares is markup too (llama.cpp
 * qwen3-coder trims it): `\n      John Doe\n    ` is "John Doe", a code block
 * keeps its inner indentation, and a value of only whitespace is "".
 */
export function qwenValue(text: string): string {
  if (text.trim() === '') return '';
  let value = text.replace(/^\r?\n/, '');
  const closing = /\r?\n([ \t]*)$/.exec(value);
  if (!closing) return value;
  value = value.slice(0, closing.index);
  return closing[1] === '' ? value : dedent(value);
}

/** Removes the indentation all non-blank lines share. */
function dedent(text: string): string {
  const lines = text.split('\n');
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const common = Math.min(...indents);
  return common > 0 ? lines.map((l) => l.slice(Math.min(common, /^[ \t]*/.exec(l)![0].length))).join('\n') : text;
}
