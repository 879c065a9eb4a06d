/**
 * The page side of a built-in worker tool (fetch, memory): a `Tool` of kind
 * `worker` that carries what the model reads and the plain spec the worker
 * builds the real tool from (src/worker-tools/). Checked here, when it is made,
 * like any tool; it never runs on the page.
 */
import type { JSONSchema, NeedsApproval, Tool, WorkerToolSpec } from '../types.js';
import { compileJsonSchema } from './json-schema.js';
import { assertToolShape } from './tool-shape.js';

/**
 * The page-side placeholder of a worker tool: carries the description for the
 * model and the spec the worker builds it from. Its `execute` is never called
 * on the page.
 */
export function workerToolStub(def: {
  name: string;
  description: string;
  parameters: JSONSchema;
  needsApproval?: boolean;
  /** True when results carry outside content; see `Tool.untrustedOutput`. */
  untrustedOutput?: boolean;
  /** True when the tool only reads; see `Tool.readOnly`. */
  readOnly?: boolean;
  spec: WorkerToolSpec;
}): Tool {
  const execute = (): never => {
    throw new Error(`Tool "${def.name}" runs in the agent's worker, not on the page.`);
  };
  assertToolShape({ ...def, execute });
  const compiled = compileJsonSchema<unknown>(def.name, def.parameters);
  return Object.freeze({
    kind: 'worker' as const,
    name: def.name,
    description: def.description,
    parameters: compiled.jsonSchema,
    needsApproval: (def.needsApproval ?? false) as NeedsApproval<unknown>,
    validate: compiled.validate,
    execute,
    worker: def.spec,
    ...(def.untrustedOutput ? { untrustedOutput: true } : {}),
    ...(def.readOnly ? { readOnly: true } : {}),
  });
}
