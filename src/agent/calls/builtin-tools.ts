/**
 * The loop's own tools. The ending ones are always offered: each ends the
 * run with its reason. They are how a model that works in steps says "I am
 * done", "I need the user" or "I am only talking", instead of the loop
 * guessing from silence. `read_result` ends nothing: it pages through a tool
 * result the context budget cut, and is offered only while one is cut.
 * `update_plan` (option `planning`) ends nothing either: it records the
 * model's task list and the run goes on. `dispatch_agent` (option
 * `subAgents`) ends nothing: it runs a read-only child loop on a task and
 * answers with the child's final text (src/agent/sub-agent.ts).
 */
import type { FinalReason, JSONSchema } from '../../types.js';
import type { ModelTool } from '../../model/loop-door.js';
import { PLAN_STATUSES } from '../plan.js';

/**
 * THE list of built-in tools (every other place derives from it): each as
 * offered to the model, and the argument that carries the run's final text.
 */
const BUILTINS = {
  task_complete: {
    ends: true,
    field: 'result',
    description: "Call when the user's task is done. `result` is the final answer shown to the user.",
    parameters: object({ result: { type: 'string', description: 'The final answer for the user, in markdown.' } }, ['result']),
  },
  ask_question: {
    ends: true,
    field: 'question',
    description: 'Call when you need information only the user can give. Ends your turn; the user answers next.',
    parameters: object(
      {
        question: { type: 'string', description: 'The question for the user.' },
        suggestions: { type: 'array', items: { type: 'string' }, description: 'Short likely answers the user can pick.' },
      },
      ['question'],
    ),
  },
  converse: {
    ends: true,
    field: 'message',
    description: 'Call to reply conversationally when no task needs doing (greetings, small talk, clarifications).',
    parameters: object({ message: { type: 'string', description: 'Your reply to the user.' } }, ['message']),
  },
  read_result: {
    ends: false,
    field: 'callId',
    description: 'Reads more of a tool result that was cut to fit your context. Pass the cut call\'s id and where to go on from.',
    parameters: object(
      {
        callId: { type: 'string', description: 'The id of the tool call whose result was cut.' },
        offset: { type: 'integer', minimum: 0, description: 'The character to start at (the cut note says where the shown part ends).' },
        length: { type: 'integer', minimum: 1, description: 'How many characters to read.' },
      },
      ['callId', 'offset'],
    ),
  },
  update_plan: {
    ends: false,
    field: 'tasks',
    description: 'Set your task list: send the whole list each time, with each status. Does not end your turn.',
    parameters: object(
      {
        tasks: {
          type: 'array',
          items: object(
            {
              id: { type: 'string' },
              title: { type: 'string' },
              status: { type: 'string', enum: [...PLAN_STATUSES] },
              dependsOn: { type: 'array', items: { type: 'string' }, description: 'Ids of tasks that must be completed first.' },
              note: { type: 'string' },
            },
            ['id', 'title', 'status'],
          ),
        },
      },
      ['tasks'],
    ),
  },
  dispatch_agent: {
    ends: false,
    field: 'task',
    description:
      'Hand a self-contained research task to a helper agent that can only read (look things up, read the page, search). It returns its findings as the result. Several may run at once.',
    parameters: object({ task: { type: 'string', minLength: 1, description: 'What to find out, with everything the helper needs to know; it sees nothing else of this conversation.' } }, ['task']),
  },
} as const satisfies Record<string, { ends: boolean; field: string; description: string; parameters: JSONSchema }>;

type Builtins = typeof BUILTINS;

/** The names of the built-in tools that end a run, each also the final reason it ends a run with. */
export type BuiltinToolName = { [K in keyof Builtins]: Builtins[K]['ends'] extends true ? K : never }[keyof Builtins] & FinalReason;

/** The names of the built-in tools: the tools that end a run. */
export const BUILTIN_NAMES = (Object.keys(BUILTINS) as (keyof Builtins)[]).filter((name) => BUILTINS[name].ends) as readonly BuiltinToolName[];

/** The built-in tools as offered to the model. */
export const BUILTIN_TOOLS: readonly ModelTool[] = BUILTIN_NAMES.map(offered);

/** The name of the built-in that pages through a cut tool result. */
export const READ_RESULT = 'read_result';

/** `read_result` as offered to the model (only while some result in the sent history is cut). */
export const READ_RESULT_TOOL: ModelTool = offered(READ_RESULT);

/** The name of the built-in that sets the plan (offered with option `planning`). */
export const PLAN_TOOL_NAME = 'update_plan';

/** `update_plan` as offered to the model (only with option `planning`). */
export const PLAN_TOOL: ModelTool = offered(PLAN_TOOL_NAME);

/** The name of the built-in that starts a read-only sub-agent (offered with option `subAgents`). */
export const DISPATCH_TOOL_NAME = 'dispatch_agent';

/** `dispatch_agent` as offered to the model (only with option `subAgents`, and never to a sub-agent). */
export const DISPATCH_TOOL: ModelTool = offered(DISPATCH_TOOL_NAME);

function offered(name: keyof Builtins): ModelTool {
  return { name, description: BUILTINS[name].description, parameters: BUILTINS[name].parameters };
}

function object(properties: Record<string, JSONSchema>, required: string[]): JSONSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** True when `name` is one of the loop's own run-ending tools (own properties only: `__proto__` is not). */
export function isBuiltinTool(name: string): name is BuiltinToolName {
  return Object.hasOwn(BUILTINS, name) && BUILTINS[name as keyof Builtins].ends;
}

/**
 * The mark events carry for a built-in call, so the page needs no list of
 * names: the run-ending tools, and `update_plan` (the page shows the plan, not a card).
 */
export function builtinMark(name: string): { builtin?: true } {
  return isBuiltinTool(name) || name === PLAN_TOOL_NAME ? { builtin: true } : {};
}

/** How a built-in call ends the run, or why its arguments are not usable. */
export type BuiltinOutcome =
  | { ok: true; reason: FinalReason; text: string; suggestions?: string[] }
  | { ok: false; error: string };

/** Reads a built-in tool call's arguments into the run's final event. */
export function readBuiltinCall(name: BuiltinToolName, args: unknown): BuiltinOutcome {
  const record = typeof args === 'object' && args !== null ? (args as Record<string, unknown>) : {};
  const field = BUILTINS[name].field;
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
