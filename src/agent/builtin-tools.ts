/**
 * The loop's own tools, always offered: each ends the run with its reason.
 * They are how a model that works in steps says "I am done", "I need the
 * user" or "I am only talking", instead of the loop guessing from silence.
 */
import type { FinalReason, JSONSchema } from '../types.js';
import type { ModelTool } from '../model/chat-model.js';

/** The names of the built-in tools, each also the final reason it ends a run with. */
export type BuiltinToolName = 'task_complete' | 'ask_question' | 'converse';

/** The built-in tools as offered to the model. */
export const BUILTIN_TOOLS: readonly ModelTool[] = [
  {
    name: 'task_complete',
    description: "Call when the user's task is done. `result` is the final answer shown to the user.",
    parameters: object({ result: { type: 'string', description: 'The final answer for the user, in markdown.' } }, ['result']),
  },
  {
    name: 'ask_question',
    description: 'Call when you need information only the user can give. Ends your turn; the user answers next.',
    parameters: object(
      {
        question: { type: 'string', description: 'The question for the user.' },
        suggestions: { type: 'array', items: { type: 'string' }, description: 'Short likely answers the user can pick.' },
      },
      ['question'],
    ),
  },
  {
    name: 'converse',
    description: 'Call to reply conversationally when no task needs doing (greetings, small talk, clarifications).',
    parameters: object({ message: { type: 'string', description: 'Your reply to the user.' } }, ['message']),
  },
];

function object(properties: Record<string, JSONSchema>, required: string[]): JSONSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** True when `name` is one of the loop's own tools (own-property safe: it is a fixed list). */
export function isBuiltinTool(name: string): name is BuiltinToolName {
  return name === 'task_complete' || name === 'ask_question' || name === 'converse';
}

/** How a built-in call ends the run, or why its arguments are not usable. */
export type BuiltinOutcome =
  | { ok: true; reason: FinalReason; text: string; suggestions?: string[] }
  | { ok: false; error: string };

/** Reads a built-in tool call's arguments into the run's final event. */
export function readBuiltinCall(name: BuiltinToolName, args: unknown): BuiltinOutcome {
  const record = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const field = { task_complete: 'result', ask_question: 'question', converse: 'message' }[name];
  const text = record[field];
  if (typeof text !== 'string') {
    return { ok: false, error: `Invalid arguments for tool "${name}":\n- ${field}: expected a string` };
  }
  if (name !== 'ask_question') return { ok: true, reason: name, text };
  const suggestions = Array.isArray(record.suggestions)
    ? record.suggestions.filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    : [];
  return suggestions.length > 0 ? { ok: true, reason: name, text, suggestions } : { ok: true, reason: name, text };
}
