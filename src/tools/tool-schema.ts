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
 *
 * Every schema is checked once (schema-checks.ts, the check MCP tools get
 * too): a JSON Schema that cannot compile or whose keywords have the wrong
 * shape, a zod field JSON cannot carry (`z.date()`), fails with an error
 * naming the tool and the fault; a `required` property `properties` does not
 * describe is warned about once. The checks are a chunk loaded with the first
 * tool defined (the page's first bytes do not carry them): `defineTool`
 * throws at once when they are in, else the check runs when the agent first
 * reads the tool (`createAgent` waits for `toolSchemasReady()`, and its start
 * fails with the same error).
 */
import type { $ZodType } from 'zod/v4/core';
import type { JSONSchema, ValidationResult } from '../types.js';
import { compileJsonSchema, type CompiledSchema } from './json-schema.js';

export type { CompiledSchema } from './json-schema.js';

/** True when `schema` is a zod v4 schema (every one carries `_zod`). */
export function isZodSchema(schema: unknown): schema is $ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** A chunk loaded the first time it is wanted (again, after a failed load); `module` once it is in. */
interface Chunk<M> {
  module?: M;
  wanted?: boolean;
  loading?: Promise<void>;
}

/** Loads `chunk` once; a failure says which of pageloop's chunks did not load, and asking again tries again. */
function load<M>(chunk: Chunk<M>, importer: () => Promise<M>, what: string): Promise<void> {
  return (chunk.loading ??= importer().then(
    (module) => void (chunk.module = module),
    (err: unknown) => {
      chunk.loading = undefined;
      throw new Error(`pageloop's ${what} did not load: ${err instanceof Error ? err.message : String(err)}`);
    },
  ));
}

/** The converter for zod schemas without their own (zod-mini, core): loaded on the first such schema. */
const converter: Chunk<typeof import('./zod-json-schema.js')> = {};
const loadConverter = () => load(converter, () => import('./zod-json-schema.js'), 'zod-mini converter (zod-json-schema.js), which writes the JSON Schema of zod-mini tools,');
/** The schema checks (schema-checks.ts): loaded with the first tool defined. */
const checks: Chunk<typeof import('./schema-checks.js')> = {};
const loadChecks = () => load(checks, () => import('./schema-checks.js'), 'tool schema checks (schema-checks.js)');
/** True while `chunk` is wanted and not in. */
const waits = (chunk: Chunk<unknown>) => chunk.wanted === true && !chunk.module;

/**
 * Settles once every tool defined so far has its JSON Schema (`tool.parameters`)
 * and it was checked: at once unless a tool was defined before the checks
 * (or, for a zod-mini or core schema, the converter it needs) had loaded. `createAgent` waits for it itself before the worker
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
  return Promise.all([waits(converter) && loadConverter(), waits(checks) && loadChecks()]).then(() => {});
}

/** True while a tool's JSON Schema waits for the converter or the checks (the agent's calls to its worker wait then). */
export function toolSchemasPending(): boolean {
  return waits(converter) || waits(checks);
}

/**
 * Throws the fault of the first tool in `tools` whose schema cannot be used,
 * when the checks are in (the agent's `setTools` and `addTool` call it, so a
 * bad tool is refused at the call; before the checks are in, the agent's send
 * of the list waits for them).
 */
export function assertToolSchemas(tools: readonly { parameters: unknown }[]): void {
  if (toolSchemasPending()) return;
  for (const tool of tools) void tool.parameters;
}

/** A zod schema's input JSON Schema, without `$schema`; `undefined` while it waits for the converter. */
function zodJsonSchema(schema: $ZodType): JSONSchema | undefined {
  const own = (schema as { toJSONSchema?: unknown }).toJSONSchema;
  const jsonSchema =
    typeof own === 'function' ? (own.call(schema, { io: 'input', unrepresentable: 'any' }) as JSONSchema) : converter.module?.convertZod(schema);
  if (jsonSchema) delete jsonSchema.$schema;
  return jsonSchema;
}

/** A compiled schema whose checks ran, or run as soon as they can. */
export interface CheckedSchema<A> extends CompiledSchema<A> {
  /** Runs the checks now if they are loaded (and the JSON Schema is there): throws when the schema cannot be used. */
  check(): void;
}

/**
 * Compiles a tool's `parameters` once, at definition time, so a bad schema
 * fails when the tool is defined rather than when the model calls it. A zod
 * schema without a converter of its own gets its JSON Schema when pageloop's
 * has loaded: reading `jsonSchema` before that throws, naming `toolSchemasReady()`.
 * `what` says which schema of the tool it is (`parameters`, or `result`: the
 * user's answer, which need not be an object). Reading `jsonSchema` once the
 * checks are in throws, naming the tool and the fault, when it cannot be used.
 */
export function compileSchema<A>(toolName: string, parameters: unknown, what: 'parameters' | 'result' = 'parameters'): CheckedSchema<A> {
  const compiled = compileUnchecked<A>(toolName, parameters);
  let verdict: { error?: TypeError } | undefined;
  /** The checks on the JSON Schema (a zod schema's own fields are checked without it: `json` undefined while its converter loads). */
  const check = (json: JSONSchema | undefined): void => {
    if (!verdict && checks.module) {
      const error = checks.module.toolSchemaError(toolName, what, parameters, json);
      if (error || json) verdict = { error };
    }
    if (verdict?.error) throw verdict.error;
  };
  if (!checks.module) {
    checks.wanted = true;
    loadChecks().catch(() => {});
  }
  return {
    get jsonSchema() {
      const json = compiled.jsonSchema;
      check(json);
      return json;
    },
    validate: compiled.validate,
    ...(compiled.load ? { load: compiled.load } : {}),
    check: () => check(isZodSchema(parameters) && waits(converter) ? undefined : compiled.jsonSchema),
  };
}

function compileUnchecked<A>(toolName: string, parameters: unknown): CompiledSchema<A> {
  if (isZodSchema(parameters)) {
    let jsonSchema = zodJsonSchema(parameters);
    if (!jsonSchema) {
      converter.wanted = true;
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
