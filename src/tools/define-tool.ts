import type { $ZodType, input, output } from 'zod/v4/core';
import type { JSONSchema, NeedsApproval, Tool, ToolContext } from '../types.js';
import { compileSchema } from './tool-schema.js';

/** Tool names the OpenAI format accepts: letters, digits, `_` and `-`, up to 64. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Names the loop reserves for its own built-in tools. */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set(['task_complete', 'ask_question', 'converse']);

/** What `defineTool` takes when the parameters are a zod schema. */
export interface ZodToolDefinition<S extends $ZodType, R> {
  name: string;
  description: string;
  parameters: S;
  execute(args: output<S>, ctx: ToolContext): Promise<R> | R;
  needsApproval?: NeedsApproval<output<S>>;
}

/** What `defineTool` takes when the parameters are a plain JSON Schema object. */
export interface JsonToolDefinition<A, R> {
  name: string;
  description: string;
  parameters: JSONSchema;
  execute(args: A, ctx: ToolContext): Promise<R> | R;
  needsApproval?: NeedsApproval<A>;
}

/**
 * Defines a page tool: a function the agent may call, running on the page.
 * Everything is checked here, so a bad definition fails now, not mid-run.
 *
 * @example
 * const lookup = defineTool({ name: 'lookup', description: 'Find an order',
 *   parameters: z.object({ id: z.string() }), execute: ({ id }) => orders.get(id) });
 */
export function defineTool<S extends $ZodType, R>(def: ZodToolDefinition<S, R>): Tool<output<S>, R>;
export function defineTool<A = Record<string, unknown>, R = unknown>(def: JsonToolDefinition<A, R>): Tool<A, R>;
export function defineTool(def: JsonToolDefinition<unknown, unknown> | ZodToolDefinition<$ZodType, unknown>): Tool {
  assertToolShape(def);
  const compiled = compileSchema<unknown>(def.name, def.parameters);
  return Object.freeze({
    kind: 'page' as const,
    name: def.name,
    description: def.description,
    parameters: compiled.jsonSchema,
    needsApproval: (def.needsApproval ?? false) as NeedsApproval<unknown>,
    validate: compiled.validate,
    execute: def.execute as Tool['execute'],
  });
}

/** Checks the parts every tool needs; shared by `defineTool` and the built-in factories. */
export function assertToolShape(def: { name?: unknown; description?: unknown; execute?: unknown; needsApproval?: unknown }): void {
  if (typeof def.name !== 'string' || !TOOL_NAME.test(def.name)) {
    throw new TypeError(`Tool name must be 1–64 letters, digits, "_" or "-"; got ${JSON.stringify(def.name)}.`);
  }
  if (RESERVED_TOOL_NAMES.has(def.name)) {
    throw new TypeError(`Tool name "${def.name}" is reserved for the agent loop's built-in tools.`);
  }
  if (typeof def.description !== 'string' || def.description.trim() === '') {
    throw new TypeError(`Tool "${def.name}" needs a description: the model reads it to decide when to call the tool.`);
  }
  if (typeof def.execute !== 'function') {
    throw new TypeError(`Tool "${def.name}" needs an execute function.`);
  }
  const approval = def.needsApproval;
  if (approval !== undefined && typeof approval !== 'boolean' && typeof approval !== 'function') {
    throw new TypeError(`Tool "${def.name}": needsApproval must be a boolean or a function of the arguments.`);
  }
}

/** A zod schema's parsed type, re-exported for tool authors. */
export type ToolInput<S extends $ZodType> = input<S>;
