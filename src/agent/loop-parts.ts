/**
 * The loop's small built-in parts (see run-part.ts): the step limit, paging
 * through cut tool results, and sub-agents. The larger ones live beside their
 * concept: `planPart` (plan-turn.ts), `reflectionPart` (reflection.ts),
 * `nudgePart` (nudge.ts).
 */
import type { ToolCall } from '../model/loop-door.js';
import { DISPATCH_TOOL, DISPATCH_TOOL_NAME, READ_RESULT } from './calls/index.js';
import type { ContextBudget } from './context-budget.js';
import type { TurnContext } from './calls/index.js';
import type { TurnOverrides } from './run-overrides.js';
import { resultEvent, settled, type SettledCall } from './calls/index.js';
import type { RunPart } from './run-part.js';

/** What runs `dispatch_agent` calls, given the parent's emit, signal, approval policy, tools and per-send model (src/agent/sub-agent.ts). */
export interface SubAgentDispatch {
  dispatch(calls: readonly ToolCall[], parent: Pick<TurnContext, 'emit' | 'signal' | 'policy' | 'trustToolOutput' | 'registry'> & { turn?: TurnOverrides }): Promise<SettledCall[]>;
}

/**
 * Ends the run before model call `max + 1`: always with the limit, never
 * with the last in-between sentence ("Now let me check…") as if it were the answer.
 */
export function stepLimit(max: number): RunPart {
  return {
    stopBefore: (n) =>
      n > max ? { reason: 'max_iterations', text: `Stopped: the limit of ${max} steps was reached before the task was finished. Continue to let me go on.` } : undefined,
  };
}

/**
 * `read_result` (with a context budget): pages through a tool result the
 * budget cut, from the canonical history, after the turn's tools ran. The
 * budget offers the tool itself, only while something sent is cut.
 */
export function readResultPart(budget: ContextBudget): RunPart {
  return {
    claims: (call) => call.name === READ_RESULT && 'args' in call,
    settles: 'after',
    settle: (calls, ctx) =>
      calls.map((call) => {
        const page = budget.readResult(ctx.history, 'args' in call ? call.args : undefined);
        const result = page.ok ? settled(call.id, call.name, 'ok', { result: page.text }) : settled(call.id, call.name, 'error', { error: page.error });
        ctx.emit(resultEvent(result));
        return result;
      }),
  };
}

/** `dispatch_agent` (option `subAgents`): each call runs a read-only child loop, beside the turn's other calls. */
export function dispatchPart(subAgents: SubAgentDispatch): RunPart {
  return {
    tools: [DISPATCH_TOOL],
    claims: (call) => call.name === DISPATCH_TOOL_NAME,
    settle: (calls, ctx) => subAgents.dispatch(calls, ctx),
  };
}
