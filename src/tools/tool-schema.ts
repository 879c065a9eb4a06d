/**
 * Tool parameter schemas: a zod v4 schema or a plain JSON Schema object.
 * A zod schema's JSON Schema comes from the schema's own converter (classic
 * zod) or zod-json-schema.ts (zod-mini, core), so the bundle carries none of
 * zod's code (`zod/v4/core` is imported for types only); arguments are checked by the schema itself, through
 * the Standard Schema interface every zod v4 schema (classic, mini, core)
 * carries (`schema['~standard'].validate`), so no second copy of zod's
 * parser is bundled. JSON Schema is checked by @cfworker/json-schema, which
 * never calls `eval` (strict-CSP pages work).
 */
import type { $ZodType } from 'zod/v4/core';
import type { JSONSchema, ValidationResult } from '../types.js';
import { compileJsonSchema, type CompiledSchema } from './json-schema.js';
import { zodToJsonSchema } from './zod-json-schema.js';

export type { CompiledSchema } from './json-schema.js';

/** True when `schema` is a zod v4 schema (every one carries `_zod`). */
export function isZodSchema(schema: unknown): schema is $ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/**
 * Compiles a tool's `parameters` once, at definition time, so a bad schema
 * fails when the tool is defined rather than when the model calls it.
 */
export function compileSchema<A>(toolName: string, parameters: unknown): CompiledSchema<A> {
  if (isZodSchema(parameters)) {
    const jsonSchema = zodToJsonSchema(parameters);
    delete jsonSchema.$schema;
    const settle = (result: StandardResult): ValidationResult<A> =>
      result.issues ? { ok: false, error: describeZodIssues(toolName, result.issues as readonly ZodIssueLike[]) } : { ok: true, value: result.value as A };
    return {
      jsonSchema,
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
