/**
 * Timestamps of the loop benchmark, shared by the bench model and the timed
 * page host in one realm (the bench worker, or the page for the in-thread
 * baseline). Kept on `globalThis` rather than in module state, so every
 * importer sees the same record however the module URL was spelled.
 */

/** What one measured run recorded, per tool call, in order. */
export interface LoopTiming {
  /** ms from the model's `done` to the loop's next model request (one per iteration that called a tool). */
  gaps: number[];
  /** ms of each page tool call, worker → page → worker (or a direct call, in thread). */
  roundTrips: number[];
  /** ms the flight recorder spent taking the run's events (bench/loop-worker.ts times it; 0 elsewhere). */
  traceMs: number;
}

const KEY = '__pageloopLoopTiming';

/** This realm's record. */
export function loopTiming(): LoopTiming {
  const scope = globalThis as unknown as Record<string, LoopTiming | undefined>;
  return (scope[KEY] ??= { gaps: [], roundTrips: [], traceMs: 0 });
}

/** Empties the record (before a measured run). */
export function resetLoopTiming(): void {
  const timing = loopTiming();
  timing.gaps.length = 0;
  timing.roundTrips.length = 0;
  timing.traceMs = 0;
}
