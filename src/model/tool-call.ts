/**
 * The one shape a tool call has once the model layer has read it, whatever
 * wire it came over (native `tool_calls` or call markup in the reply text):
 * its arguments parsed exactly once, or the reason they could not be. A call
 * the model wrote badly is still a call — the loop answers it with its error
 * as the tool result, so the model can fix it — never an exception.
 */
import type { ChatMessage } from '../types.js';
import type { AssembledToolCall } from './chat-model.js';
import type { TextToolCall } from './text-call-parser.js';
import { JSON_LIMITS, outOfBounds } from '../json-bounds.js';

/**
 * One tool call of a model turn: parsed arguments, or why they could not be read.
 *
 * @example
 * { id: 'call_1', name: 'add', args: { a: 1, b: 2 } }
 * { id: 'call_2', name: 'add', error: 'The arguments for tool "add" were not valid JSON …' }
 */
export type ToolCall = { id: string; name: string; args: unknown } | { id: string; name: string; error: string };

/**
 * Longest tool name kept (OpenAI allows 64 characters; kept longer so a page can still show what a
 * model wrote in it): a longer one is cut
 * and the call answered with an error, so a server that sends a name of
 * megabytes does not carry it into every event and into the history.
 */
export const MAX_TOOL_NAME = 4096;

/** `name` as events and the history keep it: cut to `MAX_TOOL_NAME` characters. */
export function keptName(name: string): string {
  return name.length > MAX_TOOL_NAME ? `${name.slice(0, MAX_TOOL_NAME)}…` : name;
}

/** A call whose name is too long: cut, and answered with an error. */
function longName(id: string, name: string): ToolCall | undefined {
  if (name.length <= MAX_TOOL_NAME) return undefined;
  return { id, name: keptName(name), error: `The tool name was ${name.length.toLocaleString('en')} characters long; no tool has such a name. Call one of the tools offered, by its name.` };
}

/** Reads a native call's arguments; bad JSON becomes the call's `error`. */
export function readNativeCall(call: AssembledToolCall): ToolCall {
  const named = longName(call.id, call.name);
  if (named) return named;
  if (call.argsTooLarge !== undefined) {
    const mb = (call.argsTooLarge / 1e6).toFixed(1);
    return { id: call.id, name: call.name, error: `The arguments for tool "${call.name}" were refused: they are ${mb} MB, more than ${JSON_LIMITS.maxBytes / 1e6} MB. Send smaller arguments.` };
  }
  const text = call.argsText.trim();
  if (text === '') return { id: call.id, name: call.name, args: {} };
  try {
    let args: unknown = JSON.parse(text);
    // Some servers encode the arguments twice: a JSON string holding the JSON object.
    if (typeof args === 'string') {
      try {
        args = JSON.parse(args);
      } catch {
        /* leave it a string; the schema will say what was expected */
      }
    }
    return bounded({ id: call.id, name: call.name, args });
  } catch (err) {
    const shown = text.length > 200 ? `${text.slice(0, 200)}…` : text;
    return {
      id: call.id,
      name: call.name,
      error: `The arguments for tool "${call.name}" were not valid JSON (${(err as Error).message}). You sent: ${shown}. Send a JSON object.`,
    };
  }
}

/** True when a native call's arguments came encoded twice (a JSON string holding the object), which `readNativeCall` mends. */
export function doublyEncoded(call: AssembledToolCall): boolean {
  try {
    const once: unknown = JSON.parse(call.argsText);
    return typeof once === 'string' && typeof JSON.parse(once) === 'object';
  } catch {
    return false;
  }
}

/** A call read from reply text, given the id the text did not carry. */
export function readTextCall(call: TextToolCall, id: string): ToolCall {
  const named = longName(id, call.name);
  if (named) return named;
  if (call.error !== undefined) return { id, name: call.name || 'unknown', error: call.error };
  return bounded({ id, name: call.name, args: call.args ?? {} });
}

/**
 * A call whose arguments are too deep or too large to cross the worker or be
 * stored becomes an error call (see src/json-bounds.ts), answered like any
 * bad call, so the model can send smaller arguments.
 */
function bounded(call: { id: string; name: string; args: unknown }): ToolCall {
  const why = outOfBounds(call.args);
  return why === undefined ? call : { id: call.id, name: call.name, error: `The arguments for tool "${call.name}" were refused: ${why}. Send flatter, smaller arguments.` };
}

/**
 * The assistant message that records a turn in the canonical (OpenAI-format)
 * history. A call whose arguments could not be read is recorded with `{}`, so
 * the history stays valid JSON for every provider; its error goes in its result.
 */
export function assistantMessage(text: string, calls: readonly ToolCall[]): ChatMessage {
  if (calls.length === 0) return { role: 'assistant', content: text };
  return {
    role: 'assistant',
    content: text || null,
    tool_calls: calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: 'error' in c ? '{}' : JSON.stringify(c.args ?? {}) } })),
  };
}
