import type { $ZodType, input, output } from 'zod/v4/core';
import type { JSONSchema, NeedsApproval, Tool, ToolContext } from '../types.js';
import { compileSchema } from './tool-schema.js';
import { assertToolShape } from './tool-shape.js';

export { assertToolShape, RESERVED_TOOL_NAMES } from './tool-shape.js';

/** What `defineTool` takes when the parameters are a zod schema. */
export interface ZodToolDefinition<S extends $ZodType, R> {
  name: string;
  description: string;
  parameters: S;
  execute(args: output<S>, ctx: ToolContext): Promise<R> | R;
  needsApproval?: NeedsApproval<output<S>>;
  /** True when results carry outside content (fetched or read from the page); see `Tool.untrustedOutput`. */
  untrustedOutput?: boolean;
  /** Running it twice does no harm (a read, a lookup): a call interrupted by a reload is run again on resume. */
  idempotent?: boolean;
  /** It only reads, never changes anything: offered to sub-agents (when it needs no approval); see `Tool.readOnly`. */
  readOnly?: boolean;
}

/** What `defineTool` takes when the parameters are a plain JSON Schema object. */
export interface JsonToolDefinition<A, R> {
  name: string;
  description: string;
  parameters: JSONSchema;
  execute(args: A, ctx: ToolContext): Promise<R> | R;
  needsApproval?: NeedsApproval<A>;
  /** True when results carry outside content (fetched or read from the page); see `Tool.untrustedOutput`. */
  untrustedOutput?: boolean;
  /** Running it twice does no harm (a read, a lookup): a call interrupted by a reload is run again on resume. */
  idempotent?: boolean;
  /** It only reads, never changes anything: offered to sub-agents (when it needs no approval); see `Tool.readOnly`. */
  readOnly?: boolean;
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
  if (def.untrustedOutput !== undefined && typeof def.untrustedOutput !== 'boolean') {
    throw new TypeError(`Tool "${def.name}": untrustedOutput must be a boolean.`);
  }
  if (def.readOnly !== undefined && typeof def.readOnly !== 'boolean') throw new TypeError(`Tool "${def.name}": readOnly must be a boolean.`);
  const compiled = compileSchema<unknown>(def.name, def.parameters);
  return Object.freeze({
    kind: 'page' as const,
    name: def.name,
    description: def.description,
    parameters: compiled.jsonSchema,
    needsApproval: (def.needsApproval ?? false) as NeedsApproval<unknown>,
    ...(def.idempotent === true ? { idempotent: true } : {}),
    validate: compiled.validate,
    execute: def.execute as Tool['execute'],
    ...(def.untrustedOutput ? { untrustedOutput: true } : {}),
    ...(def.readOnly ? { readOnly: true } : {}),
  });
}

/** A zod schema's parsed type, re-exported for tool authors. */
export type ToolInput<S extends $ZodType> = input<S>;
