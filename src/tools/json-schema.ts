/**
 * Tool arguments checked against a plain JSON Schema by @cfworker/json-schema,
 * which never calls `eval` (strict-CSP pages work). Kept apart from the zod
 * path so the worker, whose built-in tools use JSON Schema only, carries no zod.
 */
import type { Validator } from '@cfworker/json-schema';
import type { JSONSchema, ValidationResult } from '../types.js';

/** A compiled schema: its JSON Schema for the model and a validator for arguments. */
export interface CompiledSchema<A> {
  jsonSchema: JSONSchema;
  validate(args: unknown): ValidationResult<A> | Promise<ValidationResult<A>>;
  /** Loads what the first `validate` needs (the validator library), when that is a load. */
  load?: () => Promise<unknown>;
}

/**
 * The validator library, loaded on the first check: most page tools are zod
 * tools, and the page should not pay for a JSON Schema validator up front.
 */
let validatorModule: Promise<typeof import('@cfworker/json-schema')> | undefined;
const loadValidator = () => (validatorModule ??= import('@cfworker/json-schema'));

/** Compiles a JSON Schema object once, when the tool is defined. */
export function compileJsonSchema<A>(toolName: string, parameters: unknown): CompiledSchema<A> {
  const jsonSchema = toolJsonSchema(toolName, parameters);
  let validator: Validator | undefined;
  const check = (v: Validator, args: unknown): ValidationResult<A> => {
    const result = v.validate(args);
    if (result.valid) return { ok: true, value: args as A };
    return { ok: false, error: describeJsonSchemaErrors(toolName, result.errors) };
  };
  return {
    jsonSchema,
    load: loadValidator,
    validate(args) {
      if (validator) return check(validator, args);
      return loadValidator().then((lib) => check((validator ??= new lib.Validator(jsonSchema as never, '2020-12', false)), args));
    },
  };
}

export interface JsonSchemaErrorLike {
  instanceLocation: string;
  keyword: string;
  error: string;
}

/** The validator's errors as one message naming the tool and each field. */
export function describeJsonSchemaErrors(toolName: string, errors: readonly JsonSchemaErrorLike[]): string {
  // The validator reports every enclosing schema too ("properties", "allOf");
  // the leaf errors are the ones that say what was expected.
  const leaves = errors.filter((e) => !['properties', 'allOf', 'anyOf', 'items', '$ref'].includes(e.keyword));
  const shown = (leaves.length > 0 ? leaves : errors).map((e) => {
    const field = e.instanceLocation.replace(/^#\/?/, '').replace(/\//g, '.') || '(arguments)';
    return `- ${field}: ${e.error}`;
  });
  return `Invalid arguments for tool "${toolName}":\n${[...new Set(shown)].join('\n')}`;
}

/** A tool's `parameters` as the JSON Schema of its arguments (an object, by default without properties); throws for what is not a schema object. */
export function toolJsonSchema(toolName: string, parameters: unknown): JSONSchema {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    throw new TypeError(`Tool "${toolName}": parameters must be a zod v4 schema or a JSON Schema object.`);
  }
  return { type: 'object', properties: {}, ...(parameters as JSONSchema) };
}
