/**
 * Settings for one run only (`send(text, options)`, a workflow's tools):
 * applied to the run's context, never to the session's settings, so the next
 * run is the agent's own again. `toolChoice` binds the run's FIRST model call
 * only; later calls are free, so a forced call cannot repeat until the step
 * limit. `none` offers that call no tools at all (built-ins included), in
 * either protocol, so the model answers in text.
 */
import type { SendOptions, ToolChoice } from '../types.js';
import type { ForcedToolChoice, TurnRequest } from '../model/loop-door.js';
import { PageloopError } from '../errors.js';
import type { ToolRegistry } from './calls/index.js';
import { BUILTIN_NAMES, DISPATCH_TOOL_NAME, PLAN_TOOL_NAME } from './calls/index.js';

/** What a run takes from its overrides when it asks the model. */
export interface TurnOverrides {
  model?: string;
  toolChoice?: ToolChoice;
}

/** The part of a run's context that overrides touch (the run loop's `RunContext` has it all). */
export interface OverridableContext {
  systemPrompt?: string;
  maxIterations: number;
  registry: ToolRegistry;
  /** Present with option `planning`: `update_plan` is offered. */
  plan?: unknown;
  /** Present with option `subAgents`: `dispatch_agent` is offered. */
  subAgents?: unknown;
  turn?: TurnOverrides;
}

/**
 * The run's context with `overrides` applied. Tool names the agent lacks, or
 * a `toolChoice` naming a tool the run is not offered, are a `bad-request`
 * error (the page checks them first; this guards the worker's side).
 */
export function withOverrides<C extends OverridableContext>(ctx: C, overrides: SendOptions | undefined): C {
  if (!overrides) return ctx;
  const next: C = { ...ctx };
  if (overrides.systemPrompt !== undefined) next.systemPrompt = overrides.systemPrompt;
  if (overrides.maxIterations !== undefined) next.maxIterations = overrides.maxIterations;
  if (overrides.tools !== undefined) {
    const missing = overrides.tools.filter((name) => !ctx.registry.get(name));
    if (missing.length > 0) throw new PageloopError('bad-request', `Unknown tools for this run: ${missing.join(', ')}. The agent has: ${ctx.registry.names().join(', ') || 'none'}.`);
    next.registry = ctx.registry.only(overrides.tools);
  }
  const choice = overrides.toolChoice;
  if (typeof choice === 'object') {
    const offered = [...BUILTIN_NAMES, ...(ctx.plan ? [PLAN_TOOL_NAME] : []), ...(ctx.subAgents ? [DISPATCH_TOOL_NAME] : []), ...next.registry.names()];
    if (!offered.includes(choice.name)) throw new PageloopError('bad-request', `toolChoice names "${choice.name}", which this run does not offer. It offers: ${offered.join(', ')}.`);
  }
  if (overrides.model !== undefined || choice !== undefined) next.turn = { model: overrides.model, toolChoice: choice };
  return next;
}

/** Model call `n`'s request with the run's overrides: its model on every call, its tool choice on the first. */
export function overriddenTurn(request: TurnRequest, turn: TurnOverrides | undefined, n: number): TurnRequest {
  if (!turn) return request;
  const next: TurnRequest = turn.model !== undefined ? { ...request, model: turn.model } : { ...request };
  const choice = n === 1 ? turn.toolChoice : undefined;
  if (choice === 'none') next.tools = [];
  else if (choice !== undefined && choice !== 'auto') next.toolChoice = forced(choice);
  return next;
}

function forced(choice: 'required' | { name: string }): ForcedToolChoice {
  return choice === 'required' ? 'required' : { name: choice.name };
}
