/**
 * Compiling a tool schema from outside the app (an MCP server's), for the
 * worker only: its arguments are checked in bounded time, whatever the schema
 * says, by outside-schema.ts (a linear-time regular expression engine and
 * counted visits), loaded on the first check. Kept apart from json-schema.ts,
 * which the page loads up front, so the page carries none of it.
 */
import type { ValidationResult } from '../types.js';
import { describeJsonSchemaErrors, toolJsonSchema, type CompiledSchema } from './json-schema.js';

let outsideModule: Promise<typeof import('./outside-schema.js')> | undefined;
const loadOutside = () => (outsideModule ??= import('./outside-schema.js'));

/** Compiles `parameters`, a schema from outside, once, when the tool is made. */
export function compileOutsideJsonSchema<A>(toolName: string, parameters: unknown): CompiledSchema<A> {
  const jsonSchema = toolJsonSchema(toolName, parameters);
  let check: ((args: unknown) => ValidationResult<unknown>) | undefined;
  const make = (lib: typeof import('./outside-schema.js')) => (check ??= lib.outsideValidator(toolName, jsonSchema, (errors) => describeJsonSchemaErrors(toolName, errors)));
  return {
    jsonSchema,
    load: loadOutside,
    validate: (args) => (check ? (check(args) as ValidationResult<A>) : loadOutside().then((lib) => make(lib)(args) as ValidationResult<A>)),
  };
}
