/**
 * The self-check of option `reflectEvery`: every n model calls, one short
 * note is added to that request only — never to the stored history, so the
 * user-visible conversation and the next requests stay as they were. Short on
 * purpose: a small local model reads it on every nth call.
 */
import type { RunPart } from './run-part.js';

/** True when model call `n` (1-based) of a run gets the self-check: after each `every` calls. */
export function reflectionDue(n: number, every: number | undefined): boolean {
  return every !== undefined && every >= 1 && n > 1 && (n - 1) % every === 0;
}

/** The self-check note, as a user message of that one request. */
export function reflectionNote(planning: boolean): string {
  return planning
    ? 'Self-check: what is done, what blocks you, and does your plan still hold? If not, call update_plan. Then continue.'
    : 'Self-check: what is done, and what blocks you? Then continue, or finish if the task is done.';
}

/** The self-check as a part of the run: a `reflection` event and the note, on every `every`th call; nothing without `every`. */
export function reflectionPart(every: number | undefined, planning: boolean): RunPart | undefined {
  if (every === undefined) return undefined;
  return {
    note: (n, ctx) => {
      if (!reflectionDue(n, every)) return undefined;
      ctx.emit({ type: 'reflection', n });
      return reflectionNote(planning);
    },
  };
}
