/**
 * Built-in tools that run inside the worker (fetch, memory). The page holds
 * only a plain spec (`Tool.worker`, made by `workerToolStub`); the worker
 * builds the real tool from it with the factory registered under the spec's
 * name, so these tools never cross the boundary when called.
 */
import type { JSONSchema, ToolContext, ValidationResult } from '../types.js';
import { compileJsonSchema } from '../tools/json-schema.js';
import { compileOutsideJsonSchema } from '../tools/outside-json-schema.js';

/** A tool as the worker runs it. */
export interface WorkerTool {
  name: string;
  description: string;
  parameters: JSONSchema;
  needsApproval: boolean;
  /** True when results carry outside content (a fetched page): the loop marks them as untrusted data for the model. */
  untrustedOutput?: boolean;
  validate(args: unknown): ValidationResult<unknown> | Promise<ValidationResult<unknown>>;
  execute(args: unknown, ctx: ToolContext): Promise<unknown>;
}

/** What a worker tool factory can reach in the worker (the agent's memory, for one). */
export interface WorkerToolEnv {
  /** Services the worker hosts, looked up by name (e.g. 'memory'). */
  service<T>(name: string): T | undefined;
}

/** Builds the worker tools of one spec (a factory may make several, e.g. memory_save and memory_search). */
export type WorkerToolFactory = (options: unknown, env: WorkerToolEnv) => WorkerTool[];

/**
 * Builds a worker tool from its definition: the JSON Schema is compiled once,
 * and `execute` receives arguments that passed it.
 */
export function workerTool<A>(
  def: { name: string; description: string; parameters: JSONSchema; needsApproval?: boolean; untrustedOutput?: boolean; schemaFromOutside?: boolean },
  execute: (args: A, ctx: ToolContext) => Promise<unknown>,
): WorkerTool {
  // A schema from outside (an MCP server's) is checked in bounded time, whatever it says.
  const compiled = def.schemaFromOutside ? compileOutsideJsonSchema<A>(def.name, def.parameters) : compileJsonSchema<A>(def.name, def.parameters);
  return {
    name: def.name,
    description: def.description,
    parameters: compiled.jsonSchema,
    needsApproval: def.needsApproval ?? false,
    untrustedOutput: def.untrustedOutput ?? false,
    validate: compiled.validate,
    execute: (args, ctx) => execute(args as A, ctx),
  };
}
