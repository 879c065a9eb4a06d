/**
 * A part of the run loop: one built-in behaviour (the step limit, planning,
 * the self-check, the nudge, paging through cut results, sub-agents) said as
 * the few moments of a turn it takes part in, so the loop itself only asks,
 * runs the tools and ends — the way the AI SDK composes
 * `stopWhen: [stepCountIs(n), hasToolCall(x)]` instead of branching on
 * options. A new built-in is a new part in `runParts` (run-loop.ts), beside
 * the others; the loop does not change.
 *
 * Invariants a part keeps, so the loop's can hold:
 * - every call it takes (`screen`, `claims`) gets exactly one settled result,
 *   whose `tool-result` event the part emits;
 * - a note is for one request only, never written into the history;
 * - it never throws: bad input from the model is a result the model reads.
 *
 * @example
 * // End the run as soon as the model called `submit_order` (the AI SDK's hasToolCall):
 * const submitted: RunPart = { ending: (calls) => calls.some((c) => c.name === 'submit_order') ? { reason: 'answer', text: 'Submitted.' } : undefined };
 */
import type { ChatMessage, FinalReason } from '../types.js';
import type { ModelTool, ToolCall } from '../model/loop-door.js';
import type { TurnContext } from './calls/index.js';
import type { SettledCall } from './calls/index.js';
import type { TurnOverrides } from './run-overrides.js';

/** What a part may use of the run it is part of. */
export interface PartContext extends TurnContext {
  /** The canonical history; read it, and append only through `keepReply`. */
  history: ChatMessage[];
  maxIterations: number;
  /** This run's own model and tool choice (`send(text, options)`). */
  turn?: TurnOverrides;
}

/** How a part ends the run. */
export interface RunEnding {
  reason: FinalReason;
  text: string;
  suggestions?: string[];
}

/** What a part's `screen` decided: the calls it answered, and the calls left for the rest of the turn, in their order. */
export interface Screened {
  answered: SettledCall[];
  rest: ToolCall[];
}

/** One built-in behaviour of the loop; every member is optional. */
export interface RunPart {
  /** Tools this part offers on every request, after the run-ending built-ins. */
  readonly tools?: readonly ModelTool[];
  /** A rule this part adds to the system prompt. */
  readonly rule?: string;
  /** Before model call `n` (1-based): ends the run instead, when this part says so (the step limit). */
  stopBefore?(n: number, ctx: PartContext): RunEnding | undefined;
  /** Model call `n` is about to be asked: a note for that request only, emitting what the page should know. */
  note?(n: number, ctx: PartContext): string | undefined;
  /** A reply without calls, already in the history: true asks the model again instead of ending the run with it. */
  askAgain?(reply: string, n: number, ctx: PartContext): boolean;
  /** Appends an assistant reply to the history its own way (the nudge joins a reminded reply to the one before it); the first part that has it does it. */
  keepReply?(history: ChatMessage[], message: ChatMessage): void;
  /** Answers some of the turn's calls before any other runs (the plan), and may hold others back with an error. */
  screen?(calls: readonly ToolCall[], ctx: PartContext): Screened;
  /** True for a call this part runs itself instead of the tool executor. */
  claims?(call: ToolCall): boolean;
  /** Runs the calls it claimed: `beside` the app's tools (at the same time), or `after` them. One settled result each. */
  settle?(calls: readonly ToolCall[], ctx: PartContext): Promise<SettledCall[]> | SettledCall[];
  /** When `settle` runs: at the same time as the app's tools (default), or after them. */
  readonly settles?: 'beside' | 'after';
  /** After a turn's calls all have results: ends the run, when this part says so. */
  ending?(calls: readonly ToolCall[]): RunEnding | undefined;
}
