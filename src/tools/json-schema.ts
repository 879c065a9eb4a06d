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

/**
 * The checker for schemas from outside the app (an MCP server's), loaded on
 * the first check of such a schema: it brings a linear-time regular
 * expression engine (outside-schema.ts says why).
 */
let outsideModule: Promise<typeof import('./outside-schema.js')> | undefined;
const loadOutside = () => (outsideModule ??= import('./outside-schema.js'));

/** How a schema is to be trusted. */
export interface SchemaOrigin {
  /** True for a schema from outside the app (an MCP server's tool): it is checked in bounded time, whatever it says. */
  fromOutside?: boolean;
}

/** Compiles a JSON Schema object once, when the tool is defined. */
export function compileJsonSchema<A>(toolName: string, parameters: unknown, origin: SchemaOrigin = {}): CompiledSchema<A> {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    throw new TypeError(`Tool "${toolName}": parameters must be a zod v4 schema or a JSON Schema object.`);
  }
  const jsonSchema = { type: 'object', properties: {}, ...(parameters as JSONSchema) };
  if (origin.fromOutside) {
    let check: ((args: unknown) => ValidationResult<unknown>) | undefined;
    const make = (lib: typeof import('./outside-schema.js')) => (check ??= lib.outsideValidator(toolName, jsonSchema, (errors) => describeJsonSchemaErrors(toolName, errors)));
    return {
      jsonSchema,
      load: loadOutside,
      validate: (args) => (check ? (check(args) as ValidationResult<A>) : loadOutside().then((lib) => make(lib)(args) as ValidationResult<A>)),
    };
  }
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
