/**
 * The plan's part in one run (option `planning`): answers the turn's
 * `update_plan` calls before anything else runs, emitting each accepted plan,
 * and — with `'first'` — answers the model's other tool calls with an error
 * until a plan was accepted in this run, so a model acts only after it
 * planned. Run-ending calls and plain answers are never held back: a
 * greeting needs no plan. Every call it takes gets exactly one result.
 */
import type { AgentEvent } from '../types.js';
import type { ToolCall } from '../model/loop-door.js';
import { isBuiltinTool, PLAN_TOOL, PLAN_TOOL_NAME } from './calls/index.js';
import type { PlanBoard } from './plan.js';
import { resultEvent, settled, type SettledCall } from './calls/index.js';
import type { RunPart } from './run-part.js';

/** The sentence the system prompt adds for each planning mode; short, for small models. */
export function planningRule(mode: true | 'first'): string {
  return mode === 'first'
    ? 'Before you use any other tool, call update_plan with a short task list; update it as tasks finish, fail or get blocked.'
    : 'For tasks with several steps, keep a short task list with update_plan and update it as you go.';
}

/** Tracks the plan through one run. */
export class PlanTurn {
  #board: PlanBoard;
  #first: boolean;
  #planned = false;

  /** `planned`: the run starts with a plan already made (a workflow's steps), so `'first'` holds nothing back. */
  constructor(board: PlanBoard, mode: true | 'first', planned = false) {
    this.#board = board;
    this.#first = mode === 'first';
    this.#planned = planned;
  }

  /**
   * Answers the calls this turn's plan decides (the plan calls, and in
   * `'first'` mode the calls made before any plan); returns their results
   * and the calls left for the loop, in their order.
   */
  take(calls: readonly ToolCall[], emit: (event: AgentEvent) => void): { answered: SettledCall[]; rest: ToolCall[] } {
    const answered: SettledCall[] = [];
    const finish = (result: SettledCall) => {
      emit(resultEvent(result));
      answered.push(result);
    };
    for (const call of calls) {
      if (call.name !== PLAN_TOOL_NAME) continue;
      if ('error' in call) {
        finish(settled(call.id, call.name, 'error', { error: call.error }));
        continue;
      }
      const update = this.#board.update(call.args);
      if (update.ok) {
        this.#planned = true;
        emit({ type: 'plan', tasks: update.tasks });
        finish(settled(call.id, call.name, 'ok', { result: update.summary }));
      } else {
        finish(settled(call.id, call.name, 'error', { error: update.error }));
      }
    }
    const rest: ToolCall[] = [];
    for (const call of calls) {
      if (call.name === PLAN_TOOL_NAME) continue;
      if (this.#first && !this.#planned && !isBuiltinTool(call.name)) {
        finish(settled(call.id, call.name, 'error', { error: 'Not run: make a plan first. Call update_plan with your task list, then call this tool again.' }));
      } else {
        rest.push(call);
      }
    }
    return { answered, rest };
  }
}

/** Planning as a part of the run: `update_plan` offered, its rule in the system prompt, and the turn's calls screened by the plan first. */
export function planPart(turn: PlanTurn, mode: true | 'first'): RunPart {
  return {
    tools: [PLAN_TOOL],
    rule: planningRule(mode),
    screen: (calls, ctx) => turn.take(calls, ctx.emit),
  };
}
