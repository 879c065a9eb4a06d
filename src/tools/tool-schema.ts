/**
 * Tool parameter schemas: a zod v4 schema or a plain JSON Schema object.
 * A zod schema's JSON Schema comes from the schema's own converter (classic
 * zod, the app's copy) or, for a schema without one (zod-mini, core), from
 * zod-json-schema.ts: a chunk loaded the first time such a schema is defined,
 * so a page whose tools are classic zod or JSON Schema never loads it. Until
 * it is in, such a tool's JSON Schema is not there to read
 * (`toolSchemasReady()`; the agent waits for it before the worker hears of
 * the tool). Arguments are checked by the schema itself, through the
 * Standard Schema interface every zod v4 schema (classic, mini, core)
 * carries (`schema['~standard'].validate`), so the bundle carries none of
 * zod's code (`zod/v4/core` is imported for types only). JSON Schema is
 * checked by @cfworker/json-schema, which never calls `eval` (strict-CSP
 * pages work).
 */
import type { $ZodType } from 'zod/v4/core';
import type { JSONSchema, ValidationResult } from '../types.js';
import { compileJsonSchema, type CompiledSchema } from './json-schema.js';

export type { CompiledSchema } from './json-schema.js';

/** True when `schema` is a zod v4 schema (every one carries `_zod`). */
export function isZodSchema(schema: unknown): schema is $ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** The converter for zod schemas without their own (zod-mini, core): loaded on the first such schema. */
let converter: typeof import('./zod-json-schema.js') | undefined;
let converterLoad: Promise<void> | undefined;
/** Whether a schema that needs the converter has been defined. */
let converterWanted = false;
/** Loads the converter once (again, after a failed load). */
const loadConverter = (): Promise<void> =>
  (converterLoad ??= import('./zod-json-schema.js').then(
    (module) => void (converter = module),
    (err: unknown) => {
      converterLoad = undefined;
      throw new Error(`pageloop's zod-mini converter (zod-json-schema.js), which writes the JSON Schema of zod-mini tools, did not load: ${err instanceof Error ? err.message : String(err)}`);
    },
  ));

/**
 * Settles once every tool defined so far has its JSON Schema (`tool.parameters`):
 * at once unless a zod-mini (or core) schema was defined before the converter
 * it needs had loaded. `createAgent` waits for it itself before the worker
 * hears of the tools; code that reads `parameters` of such a tool right
 * after defining it awaits this first. Rejects when the converter cannot
 * load; asking again tries again.
 *
 * @example
 * const search = defineTool({ name: 'search', description: '…', parameters: zm.object({ q: zm.string() }), execute });
 * await toolSchemasReady();
 * console.log(search.parameters);
 */
export function toolSchemasReady(): Promise<void> {
  return toolSchemasPending() ? loadConverter() : Promise.resolve();
}

/** True while a tool's JSON Schema waits for the converter (the agent's calls to its worker wait then). */
export function toolSchemasPending(): boolean {
  return converterWanted && !converter;
}

/** A zod schema's input JSON Schema, without `$schema`; `undefined` while it waits for the converter. */
function zodJsonSchema(schema: $ZodType): JSONSchema | undefined {
  const own = (schema as { toJSONSchema?: unknown }).toJSONSchema;
  const jsonSchema =
    typeof own === 'function' ? (own.call(schema, { io: 'input', unrepresentable: 'any' }) as JSONSchema) : converter?.convertZod(schema);
  if (jsonSchema) delete jsonSchema.$schema;
  return jsonSchema;
}

/**
 * Compiles a tool's `parameters` once, at definition time, so a bad schema
 * fails when the tool is defined rather than when the model calls it. A zod
 * schema without a converter of its own gets its JSON Schema when pageloop's
 * has loaded: reading `jsonSchema` before that throws, naming `toolSchemasReady()`.
 */
export function compileSchema<A>(toolName: string, parameters: unknown): CompiledSchema<A> {
  if (isZodSchema(parameters)) {
    let jsonSchema = zodJsonSchema(parameters);
    if (!jsonSchema) {
      converterWanted = true;
      loadConverter().catch(() => {});
    }
    const settle = (result: StandardResult): ValidationResult<A> =>
      result.issues ? { ok: false, error: describeZodIssues(toolName, result.issues as readonly ZodIssueLike[]) } : { ok: true, value: result.value as A };
    return {
      get jsonSchema() {
        jsonSchema ??= zodJsonSchema(parameters);
        if (!jsonSchema) throw new Error(`Tool "${toolName}": the JSON Schema of a zod-mini schema is there after \`await toolSchemasReady()\`.`);
        return jsonSchema;
      },
      validate(args) {
        const result = parameters['~standard'].validate(args);
        return result instanceof Promise ? result.then(settle) : settle(result);
      },
    };
  }
  return compileJsonSchema<A>(toolName, parameters);
}

/** What a zod schema's Standard Schema `validate` settles to (zod's own issues when it fails). */
type StandardResult = Awaited<ReturnType<$ZodType['~standard']['validate']>>;

interface ZodIssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  expected?: unknown;
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(arguments)' : path.map(String).join('.');
}

function describeZodIssues(toolName: string, issues: readonly ZodIssueLike[]): string {
  const lines = issues.map((issue) => {
    const expected = issue.expected !== undefined ? ` (expected ${String(issue.expected)})` : '';
    return `- ${fieldName(issue.path)}: ${issue.message}${expected}`;
  });
  return `Invalid arguments for tool "${toolName}":\n${lines.join('\n')}`;
}
