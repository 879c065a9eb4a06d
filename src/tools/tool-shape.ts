/**
 * What every tool must have, checked when it is defined (not when the model
 * calls it). Shared by `defineTool` and the built-in tool factories; free of
 * any schema library so the worker can use it.
 */

/** Tool names the OpenAI format accepts: letters, digits, `_` and `-`, up to 64. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Names the loop reserves for its own built-in tools. */
export const RESERVED_TOOL_NAMES: ReadonlySet<string> = new Set(['task_complete', 'ask_question', 'converse']);

/** Checks the parts every tool needs; shared by `defineTool` and the built-in factories. */
export function assertToolShape(def: { name?: unknown; description?: unknown; execute?: unknown; render?: unknown; needsApproval?: unknown }): void {
  if (typeof def.name !== 'string' || !TOOL_NAME.test(def.name)) {
    throw new TypeError(`Tool name must be 1–64 letters, digits, "_" or "-"; got ${JSON.stringify(def.name)}.`);
  }
  if (RESERVED_TOOL_NAMES.has(def.name)) {
    throw new TypeError(`Tool name "${def.name}" is reserved for the agent loop's built-in tools.`);
  }
  if (typeof def.description !== 'string' || def.description.trim() === '') {
    throw new TypeError(`Tool "${def.name}" needs a description: the model reads it to decide when to call the tool.`);
  }
  if (def.render !== undefined && typeof def.render !== 'function') throw new TypeError(`Tool "${def.name}": render must be a function of the call's props.`);
  // Without execute, a tool that renders waits for the user: the answer is its result.
  if (typeof def.execute !== 'function' && def.render === undefined) {
    throw new TypeError(`Tool "${def.name}" needs an execute function (or a render function, for a tool whose result is the user's answer).`);
  }
  if (def.execute !== undefined && typeof def.execute !== 'function') throw new TypeError(`Tool "${def.name}": execute must be a function.`);
  const approval = def.needsApproval;
  if (approval !== undefined && typeof approval !== 'boolean' && typeof approval !== 'function') {
    throw new TypeError(`Tool "${def.name}": needsApproval must be a boolean or a function of the arguments.`);
  }
}
