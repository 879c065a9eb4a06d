/**
 * A zod v4 schema's input JSON Schema, without bundling zod's converter.
 *
 * A classic schema (`import { z } from 'zod'`) carries its own converter
 * (`schema.toJSONSchema()`, from the app's copy of zod): tool-schema.ts uses
 * that, so its output is exactly zod's. zod-mini and core schemas carry none;
 * for them this file (a chunk tool-schema.ts loads on the first such schema)
 * converts the kinds tool arguments are written with (strings, numbers,
 * booleans, literals, enums, arrays, tuples, objects, records, unions,
 * intersections, optional, nullable, default, catch, readonly, pipes, lazy),
 * with zod's own rewrites (a union of bare types as one `type` list, an
 * intersection of plain objects folded into one object),
 * reading each schema's `_zod.def` and its checks. Its output
 * equals `z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })`
 * for those (test/tools/zod-json-schema.test.ts compares them on a corpus);
 * what JSON Schema cannot say (transforms, dates, maps) is `{}`, as zod's
 * `unrepresentable: 'any'` makes it, and a schema that refers to itself is
 * cut to `{}` after `MAX_DEPTH` levels where zod writes a `$ref`.
 *
 * Why: zod's converter is 7 KB gzipped of the standalone bundle's page code,
 * loaded before anything runs, for what the app's own zod already does; this
 * one is 2 KB, and only pages with zod-mini tools load it.
 */
import type { JSONSchema } from '../types.js';

/** Nesting past which a (self-referring) schema converts to `{}`. */
export const MAX_DEPTH = 32;

/** The parts of a zod v4 schema the converter reads. */
interface ZodLike {
  _zod: {
    def: Def;
    optin?: 'optional';
    traits?: Set<string>;
    values?: Set<unknown>;
  };
}

interface Def {
  type: string;
  [key: string]: unknown;
}

/** zod's string formats by the JSON Schema name they take ('' = none). */
const FORMAT_NAMES: Record<string, string> = { guid: 'uuid', url: 'uri', datetime: 'date-time', json_string: 'json-string', regex: '' };

/** The range each number format implies, as zod writes it. */
const NUMBER_RANGES: Record<string, [number, number]> = {
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-3.4028234663852886e38, 3.4028234663852886e38],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE],
};

/** zod checks base64 strings with a charset pattern but writes the exact one into JSON Schema. */
const EXACT_PATTERNS: Record<string, string> = {
  '^[0-9a-zA-Z+/]*={0,2}$': '^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$',
  '^[A-Za-z0-9_-]*$': '^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$',
};

/** What a schema's checks (and the schema itself, when it is one, like `z.email()`) say about it, narrowed as zod narrows them. */
interface Checks {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number[];
  format?: string;
  patterns?: Set<string>;
  contentEncoding?: string;
  lax?: boolean;
}

function aggregateChecks(schema: ZodLike): Checks {
  const agg: Checks = {};
  const min = (key: 'minimum' | 'exclusiveMinimum', value: number) => {
    if (agg[key] === undefined || value > agg[key]!) agg[key] = value;
  };
  const max = (key: 'maximum' | 'exclusiveMaximum', value: number) => {
    if (agg[key] === undefined || value < agg[key]!) agg[key] = value;
  };
  const def = schema._zod.def;
  const checks = (def.checks as ZodLike[] | undefined) ?? [];
  for (const check of schema._zod.traits?.has('$ZodCheck') ? [schema, ...checks] : checks) {
    const c = check._zod.def as Record<string, any>;
    switch (c.check as string) {
      case 'greater_than':
        min(c.inclusive ? 'minimum' : 'exclusiveMinimum', c.value);
        break;
      case 'less_than':
        max(c.inclusive ? 'maximum' : 'exclusiveMaximum', c.value);
        break;
      case 'multiple_of':
        if (!(agg.multipleOf ??= []).includes(c.value)) agg.multipleOf.push(c.value);
        break;
      case 'number_format': {
        agg.format = c.format;
        const [low, high] = NUMBER_RANGES[c.format as string] ?? [-Infinity, Infinity];
        min('minimum', low);
        max('maximum', high);
        break;
      }
      case 'min_length':
      case 'min_size':
        min('minimum', c.minimum);
        break;
      case 'max_length':
      case 'max_size':
        max('maximum', c.maximum);
        break;
      case 'length_equals':
      case 'size_equals':
        min('minimum', c.length ?? c.size);
        max('maximum', c.length ?? c.size);
        break;
      case 'string_format': {
        agg.format = c.format;
        const pattern = c.pattern as RegExp | undefined;
        if (pattern) (agg.patterns ??= new Set()).add(EXACT_PATTERNS[pattern.source] ?? pattern.source);
        if (c.format === 'base64' || c.format === 'base64url') agg.contentEncoding = c.format;
        if (c.local || c.precision === -1) agg.lax = true;
        break;
      }
    }
  }
  return agg;
}

/** The metadata zod keeps for a schema (`.describe`, `.meta`), in the registry every copy of zod shares. */
function metadata(schema: ZodLike): Record<string, unknown> | undefined {
  const registry = (globalThis as { __zod_globalRegistry?: { get(s: unknown): Record<string, unknown> | undefined } }).__zod_globalRegistry;
  return registry?.get(schema);
}

/**
 * The input JSON Schema of a zod-mini or core schema, as `z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })` writes it.
 *
 * @example
 * convertZod(zm.object({ id: zm.string() })); // { $schema: …, type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }
 */
export function convertZod(schema: unknown): JSONSchema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...convert(schema as ZodLike, 0) };
}

/** Whether the input may leave this schema out (zod's `optin`, seen through transforms and catch). */
function optionalOnInput(schema: ZodLike): boolean {
  const def = schema._zod.def;
  if (def.type === 'pipe' && (def.in as ZodLike)._zod.def.type === 'transform') return optionalOnInput(def.out as ZodLike);
  if (def.type === 'catch') return optionalOnInput(def.innerType as ZodLike);
  return schema._zod.optin !== undefined;
}

function enumValues(entries: Record<string, unknown>): unknown[] {
  const numeric = Object.values(entries).filter((v) => typeof v === 'number');
  return Object.entries(entries)
    .filter(([k]) => !numeric.includes(Number(k)))
    .map(([, v]) => v);
}

/** The one JSON type all `values` share, if they share one of these. */
function sharedType(values: unknown[], types: string[]): string | undefined {
  return types.find((t) => values.every((v) => (t === 'null' ? v === null : typeof v === t)));
}

/** `anyOf` of bare types, written as zod writes it: one `type` list (`{ type: ['string', 'null'] }`). */
function compactTypes(options: JSONSchema[]): JSONSchema {
  const types: unknown[] = [];
  for (const option of options) {
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== 'type') return { anyOf: options };
    for (const type of [option.type].flat()) {
      if (typeof type !== 'string') return { anyOf: options };
      if (!types.includes(type)) types.push(type);
    }
  }
  return { type: types.length === 1 ? types[0] : types };
}

/** Keywords an intersection of objects folds; a member with any other stays in `allOf`. */
const FOLDABLE = new Set(['type', 'properties', 'required', 'additionalProperties']);

/**
 * An intersection of plain objects as the one object they describe together
 * (zod's parser pools their keys, so zod writes them so); undefined when a
 * member is something else, which then stays in an `allOf`.
 */
function foldObjects(members: JSONSchema[]): JSONSchema | undefined {
  const extra = (member: JSONSchema) => {
    const value = member.additionalProperties;
    return typeof value === 'object' && value !== null && Object.keys(value).length > 0 ? (value as JSONSchema) : undefined;
  };
  if (!members.every((m) => m.type === 'object' && Object.keys(m).every((key) => FOLDABLE.has(key)))) return undefined;
  const properties: Record<string, JSONSchema> = {};
  const required = new Set<string>();
  for (const member of members) {
    for (const key of Object.keys((member.properties as Record<string, JSONSchema> | undefined) ?? {})) {
      if (Object.hasOwn(properties, key)) continue;
      const parts: JSONSchema[] = [];
      for (const other of members) {
        const part = (other.properties as Record<string, JSONSchema> | undefined)?.[key] ?? extra(other);
        if (part && !parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part))) parts.push(part);
      }
      properties[key] = parts.length === 1 ? parts[0]! : (foldObjects(parts) ?? { allOf: parts });
    }
    for (const key of (member.required as string[] | undefined) ?? []) required.add(key);
  }
  const folded: JSONSchema = { type: 'object', properties };
  if (required.size > 0) folded.required = [...required];
  if (members.every((m) => m.additionalProperties === false)) folded.additionalProperties = false;
  else {
    const constraints: JSONSchema[] = [];
    for (const member of members) {
      const constraint = extra(member);
      if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint))) constraints.push(constraint);
    }
    if (constraints.length === 1) folded.additionalProperties = constraints[0];
    else if (constraints.length > 1) folded.additionalProperties = { allOf: constraints };
  }
  return folded;
}

function convert(schema: ZodLike, depth: number): JSONSchema {
  if (depth > MAX_DEPTH) return {};
  const json = ownSchema(schema, depth + 1);
  const meta = metadata(schema);
  if (meta) {
    const { id: _id, ...rest } = meta;
    Object.assign(json, rest);
  }
  return json;
}

function ownSchema(schema: ZodLike, depth: number): JSONSchema {
  const def = schema._zod.def;
  const inner = () => convert(def.innerType as ZodLike, depth);
  switch (def.type) {
    case 'string': {
      const checks = aggregateChecks(schema);
      const json: JSONSchema = { type: 'string' };
      if (typeof checks.minimum === 'number') json.minLength = checks.minimum;
      if (typeof checks.maximum === 'number') json.maxLength = checks.maximum;
      const format = checks.format;
      if (format) {
        const name = FORMAT_NAMES[format] ?? format;
        if (name !== '' && format !== 'time' && !checks.lax) json.format = name;
      }
      if (checks.contentEncoding) json.contentEncoding = checks.contentEncoding;
      const patterns = [...(checks.patterns ?? [])];
      if (patterns.length === 1) json.pattern = patterns[0];
      else if (patterns.length > 1) json.allOf = patterns.map((pattern) => ({ pattern }));
      return json;
    }
    case 'number': {
      const checks = aggregateChecks(schema);
      const json: JSONSchema = { type: checks.format?.includes('int') ? 'integer' : 'number' };
      const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf } = checks;
      if (typeof exclusiveMinimum === 'number' && exclusiveMinimum >= (minimum ?? -Infinity)) json.exclusiveMinimum = exclusiveMinimum;
      else if (typeof minimum === 'number') json.minimum = minimum;
      if (typeof exclusiveMaximum === 'number' && exclusiveMaximum <= (maximum ?? Infinity)) json.exclusiveMaximum = exclusiveMaximum;
      else if (typeof maximum === 'number') json.maximum = maximum;
      const divisors = [...new Set((multipleOf ?? []).filter((d) => Number.isFinite(d) && d !== 0).map(Math.abs))];
      if (divisors.length > 0) json.multipleOf = divisors[0];
      if (divisors.length > 1) json.allOf = divisors.slice(1).map((d) => ({ multipleOf: d }));
      return json;
    }
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'never':
      return { not: {} };
    case 'enum': {
      const values = enumValues(def.entries as Record<string, unknown>);
      if (values.length === 0) return { not: {} };
      const type = sharedType(values, ['number', 'string']);
      return type ? { type, enum: values } : { enum: values };
    }
    case 'literal': {
      const values = (def.values as unknown[]).filter((v) => v !== undefined && typeof v !== 'bigint');
      if ((def.values as unknown[]).length === 0) return { not: {} };
      if (values.length === 0) return {};
      if (values.length === 1) return { type: values[0] === null ? 'null' : typeof values[0], const: values[0] };
      const type = sharedType(values, ['number', 'string', 'boolean', 'null']);
      return type ? { type, enum: values } : { enum: values };
    }
    case 'array': {
      const { minimum, maximum } = aggregateChecks(schema);
      const json: JSONSchema = { type: 'array', items: convert(def.element as ZodLike, depth) };
      if (typeof minimum === 'number') json.minItems = minimum;
      if (typeof maximum === 'number') json.maxItems = maximum;
      return json;
    }
    case 'tuple': {
      const items = def.items as ZodLike[];
      const json: JSONSchema = { type: 'array', prefixItems: items.map((item) => convert(item, depth)) };
      json.items = def.rest ? convert(def.rest as ZodLike, depth) : false;
      let minItems = items.length;
      while (minItems > 0 && optionalOnInput(items[minItems - 1]!)) minItems--;
      if (minItems > 0) json.minItems = minItems;
      if (!def.rest) json.maxItems = items.length;
      const { minimum, maximum } = aggregateChecks(schema);
      if (typeof minimum === 'number') json.minItems = minimum;
      if (typeof maximum === 'number') json.maxItems = maximum;
      return json;
    }
    case 'object': {
      const shape = def.shape as Record<string, ZodLike>;
      const properties: Record<string, JSONSchema> = {};
      for (const key of Object.keys(shape)) properties[key] = convert(shape[key]!, depth);
      const json: JSONSchema = { type: 'object', properties };
      const required = Object.keys(shape).filter((key) => !optionalOnInput(shape[key]!));
      if (required.length > 0) json.required = required;
      const catchall = def.catchall as ZodLike | undefined;
      if (catchall?._zod.def.type === 'never') json.additionalProperties = false;
      else if (catchall) json.additionalProperties = convert(catchall, depth);
      return json;
    }
    case 'record': {
      const keyType = def.keyType as ZodLike;
      const json: JSONSchema = { type: 'object', propertyNames: convert(keyType, depth), additionalProperties: convert(def.valueType as ZodLike, depth) };
      const keys = keyType._zod.values;
      if (keys && !def.partial && !optionalOnInput(def.valueType as ZodLike)) {
        const named = [...keys].filter((v) => typeof v === 'string' || typeof v === 'number');
        if (named.length > 0) json.required = named.map(String);
      }
      return json;
    }
    case 'union': {
      const options = (def.options as ZodLike[]).map((option) => convert(option, depth));
      return def.inclusive === false ? { oneOf: options } : compactTypes(options);
    }
    case 'intersection': {
      const parts = [convert(def.left as ZodLike, depth), convert(def.right as ZodLike, depth)];
      const simple = (part: JSONSchema) => 'allOf' in part && Object.keys(part).length === 1;
      const allOf = parts.flatMap((part) => (simple(part) ? (part.allOf as JSONSchema[]) : [part]));
      return foldObjects(allOf) ?? { allOf };
    }
    case 'nullable':
      return compactTypes([inner(), { type: 'null' }]);
    case 'optional':
    case 'nonoptional':
      return inner();
    case 'prefault': {
      const json = inner();
      json.default ??= JSON.parse(JSON.stringify(def.defaultValue));
      return json;
    }
    case 'default':
      return { ...inner(), default: JSON.parse(JSON.stringify(def.defaultValue)) };
    case 'catch': {
      const json = inner();
      try {
        json.default = (def.catchValue as (ctx: unknown) => unknown)(undefined);
      } catch {
        // A catch value that needs the failed input has no JSON Schema form.
      }
      return json;
    }
    case 'readonly':
      return { ...inner(), readOnly: true };
    case 'pipe': {
      const input = def.in as ZodLike;
      return convert(input._zod.def.type === 'transform' ? (def.out as ZodLike) : input, depth);
    }
    case 'lazy':
      return convert((def.getter as () => ZodLike)(), depth);
    default:
      // any, unknown, and what JSON Schema cannot say (transforms, dates, maps, sets, bigints, …).
      return {};
  }
}
