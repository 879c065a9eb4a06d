/**
 * Tool parameter schemas: a zod v4 schema or a plain JSON Schema object.
 * Zod is reached through `zod/v4/core` so the bundle carries only what
 * `toJSONSchema` and `safeParse` need; JSON Schema is checked by
 * @cfworker/json-schema, which never calls `eval` (strict-CSP pages work).
 */
import { safeParse, toJSONSchema, type $ZodType } from 'zod/v4/core';
import { Validator, type Schema } from '@cfworker/json-schema';
import type { JSONSchema, ValidationResult } from '../types.js';

/** True when `schema` is a zod v4 schema (every one carries `_zod`). */
export function isZodSchema(schema: unknown): schema is $ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** A compiled schema: its JSON Schema for the model and a validator for arguments. */
export interface CompiledSchema<A> {
  jsonSchema: JSONSchema;
  validate(args: unknown): ValidationResult<A>;
}

/**
 * Compiles a tool's `parameters` once, at definition time, so a bad schema
 * fails when the tool is defined rather than when the model calls it.
 */
export function compileSchema<A>(toolName: string, parameters: unknown): CompiledSchema<A> {
  if (isZodSchema(parameters)) {
    const jsonSchema = toJSONSchema(parameters, { io: 'input', unrepresentable: 'any' }) as JSONSchema;
    delete jsonSchema.$schema;
    return {
      jsonSchema,
      validate(args) {
        const result = safeParse(parameters, args);
        if (result.success) return { ok: true, value: result.data as A };
        return { ok: false, error: describeZodIssues(toolName, result.error.issues) };
      },
    };
  }
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    throw new TypeError(`Tool "${toolName}": parameters must be a zod v4 schema or a JSON Schema object.`);
  }
  const jsonSchema = { type: 'object', properties: {}, ...(parameters as JSONSchema) };
  const validator = new Validator(jsonSchema as Schema, '2020-12', false);
  return {
    jsonSchema,
    validate(args) {
      const result = validator.validate(args);
      if (result.valid) return { ok: true, value: args as A };
      return { ok: false, error: describeJsonSchemaErrors(toolName, result.errors) };
    },
  };
}

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

interface JsonSchemaErrorLike {
  instanceLocation: string;
  keyword: string;
  error: string;
}

function describeJsonSchemaErrors(toolName: string, errors: readonly JsonSchemaErrorLike[]): string {
  // The validator reports every enclosing schema too ("properties", "allOf");
  // the leaf errors are the ones that say what was expected.
  const leaves = errors.filter((e) => !['properties', 'allOf', 'anyOf', 'items', '$ref'].includes(e.keyword));
  const shown = (leaves.length > 0 ? leaves : errors).map((e) => {
    const field = e.instanceLocation.replace(/^#\/?/, '').replace(/\//g, '.') || '(arguments)';
    return `- ${field}: ${e.error}`;
  });
  return `Invalid arguments for tool "${toolName}":\n${[...new Set(shown)].join('\n')}`;
}
