import type { $ZodType, input, output } from 'zod/v4/core';
import type { JSONSchema, NeedsApproval, Tool, ToolContext } from '../types.js';
import { compileSchema } from './tool-schema.js';
import type { ToolPreviewer, ToolRender, ToolUndo, ToolViewOptions } from '../tool-types.js';
import { assertToolShape } from './tool-shape.js';
import { loadedOnFirstCall } from './first-call-loads.js';

export { assertToolShape, RESERVED_TOOL_NAMES } from './tool-shape.js';

/** What `defineTool` takes when the parameters are a zod schema. */
export interface ZodToolDefinition<S extends $ZodType, R> {
  name: string;
  description: string;
  parameters: S;
  /** Runs the call. Absent (with `render`): the tool waits for the user, whose answer is the result. */
  execute?(args: output<S>, ctx: ToolContext): Promise<R> | R;
  needsApproval?: NeedsApproval<output<S>>;
  /** True when results carry outside content (fetched or read from the page); see `Tool.untrustedOutput`. */
  untrustedOutput?: boolean;
  /** Running it twice does no harm (a read, a lookup): a call interrupted by a reload is run again on resume. */
  idempotent?: boolean;
  /** It only reads, never changes anything: offered to sub-agents (when it needs no approval); see `Tool.readOnly`. */
  readOnly?: boolean;
  /** Renders the call as the app's own UI in its card (see `ToolRenderProps`); without `execute`, the tool waits for the user's answer. */
  render?: ToolRender<output<S>, R>;
  /** For a render-and-wait tool: the schema the user's answer must meet (zod or JSON Schema). */
  result?: $ZodType | JSONSchema;
  /** How the rendered card is framed (`frame: false`: the UI alone). */
  view?: ToolViewOptions;
  /** Takes a finished call back (the user pressed Undo): gets the arguments it ran with and its stored result; throws, saying why, when it cannot. Its calls then show "Undo". */
  undo?: ToolUndo<output<S>, R>;
  /** What a call will do, shown before the user approves it: text, an element to outline, or steps (see `ToolPreview`). Runs on the page; reads only. */
  preview?: ToolPreviewer<output<S>>;
}

/** What `defineTool` takes when the parameters are a plain JSON Schema object. */
export interface JsonToolDefinition<A, R> {
  name: string;
  description: string;
  parameters: JSONSchema;
  /** Runs the call. Absent (with `render`): the tool waits for the user, whose answer is the result. */
  execute?(args: A, ctx: ToolContext): Promise<R> | R;
  needsApproval?: NeedsApproval<A>;
  /** True when results carry outside content (fetched or read from the page); see `Tool.untrustedOutput`. */
  untrustedOutput?: boolean;
  /** Running it twice does no harm (a read, a lookup): a call interrupted by a reload is run again on resume. */
  idempotent?: boolean;
  /** It only reads, never changes anything: offered to sub-agents (when it needs no approval); see `Tool.readOnly`. */
  readOnly?: boolean;
  /** Renders the call as the app's own UI in its card (see `ToolRenderProps`); without `execute`, the tool waits for the user's answer. */
  render?: ToolRender<A, R>;
  /** For a render-and-wait tool: the schema the user's answer must meet (zod or JSON Schema). */
  result?: $ZodType | JSONSchema;
  /** How the rendered card is framed (`frame: false`: the UI alone). */
  view?: ToolViewOptions;
  /** Takes a finished call back (the user pressed Undo): gets the arguments it ran with and its stored result; throws, saying why, when it cannot. Its calls then show "Undo". */
  undo?: ToolUndo<A, R>;
  /** What a call will do, shown before the user approves it: text, an element to outline, or steps (see `ToolPreview`). Runs on the page; reads only. */
  preview?: ToolPreviewer<A>;
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
  const waits = def.execute === undefined;
  if (def.untrustedOutput !== undefined && typeof def.untrustedOutput !== 'boolean') {
    throw new TypeError(`Tool "${def.name}": untrustedOutput must be a boolean.`);
  }
  if (def.readOnly !== undefined && typeof def.readOnly !== 'boolean') throw new TypeError(`Tool "${def.name}": readOnly must be a boolean.`);
  const compiled = compileSchema<unknown>(def.name, def.parameters);
  const answer = def.result === undefined ? undefined : compileSchema<unknown>(def.name, def.result, 'result');
  // Throws now when the schema checks are in (tool-schema.ts); else the agent's first read of the tool does.
  compiled.check();
  answer?.check();
  if (def.execute && def.result !== undefined) throw new TypeError(`Tool "${def.name}": result describes the user's answer, so it is for tools without execute.`);
  if (def.undo !== undefined && typeof def.undo !== 'function') throw new TypeError(`Tool "${def.name}": undo must be a function (args, result) => void.`);
  if (def.preview !== undefined && typeof def.preview !== 'function') throw new TypeError(`Tool "${def.name}": preview must be a function (args) => text, an element or steps.`);
  if (def.undo && waits) throw new TypeError(`Tool "${def.name}": undo takes back what execute did, so it is for tools with execute.`);
  if (def.view !== undefined && (typeof def.view !== 'object' || def.view === null)) throw new TypeError(`Tool "${def.name}": view must be an object, e.g. { frame: false }.`);
  const name = def.name;
  const tool: Tool = Object.freeze({
    kind: 'page' as const,
    name: def.name,
    description: def.description,
    // A getter: a zod-mini schema's JSON Schema is written once its converter has loaded, and checked once the checks have (toolSchemasReady()).
    get parameters() {
      answer?.check();
      return compiled.jsonSchema;
    },
    // The user's answer is the consent: a tool that waits for it never also asks for approval.
    needsApproval: (waits ? false : (def.needsApproval ?? false)) as NeedsApproval<unknown>,
    ...(def.idempotent === true ? { idempotent: true } : {}),
    validate: compiled.validate,
    execute: (def.execute ?? (() => Promise.reject(new Error(`Tool "${name}" waits for the user's answer; it has no execute.`)))) as Tool['execute'],
    ...(def.render ? { render: def.render as ToolRender } : {}),
    ...(waits ? { awaitsUser: true as const } : {}),
    ...(answer ? { validateResult: answer.validate } : {}),
    ...(def.view ? { view: { ...def.view } } : {}),
    ...(def.untrustedOutput ? { untrustedOutput: true } : {}),
    ...(def.readOnly ? { readOnly: true } : {}),
    ...(def.undo ? { undo: def.undo as Tool['undo'] } : {}),
    ...(def.preview ? { preview: def.preview as Tool['preview'] } : {}),
  });
  // The validator its first call loads (JSON Schema only: a zod schema is its own validator).
  return loadedOnFirstCall(tool, ...[compiled.load, answer?.load].filter((load) => load !== undefined));
}

/** A zod schema's parsed type, re-exported for tool authors. */
export type ToolInput<S extends $ZodType> = input<S>;
