/**
 * Stop made sure of, past the cancel: what happens when the agent's worker
 * does not answer it. A chunk loaded with the agent's first Stop
 * (agent-worker-slot.ts sends the cancel at once and loads this meanwhile):
 * most pages never have a worker stuck in code that never yields.
 *
 * Invariant: a worker that has not answered the cancel `graceMs` after the
 * ask reached it (counted from then, not from when this chunk came in) while
 * the run still goes and the worker lives is ended and a fresh one started in
 * its place, told which run was stopped and why, so the fresh worker ends
 * that run in the stored thread as a reload would find it. Resolves with the
 * fresh worker's API, or undefined when nothing was replaced.
 */
import type * as Comlink from 'comlink';
import type { AgentWorkerApi, StoppedRun } from '../protocol/agent.js';

/** What the watch uses of the agent's worker slot (agent-worker-slot.ts). */
export interface StoppableSlot {
  /** Why the agent's worker ended for good, or undefined while it lives. */
  readonly ended: unknown;
  /** Ends the worker now in the slot and starts a fresh one told of `stopped`. */
  replace(stopped: StoppedRun): Promise<Comlink.Remote<AgentWorkerApi>>;
}

/** The notice the stopped run ends with when its worker was replaced (`threaded`: the agent keeps a thread, option `thread`). */
export function stoppedMessage(graceMs: number, threaded: boolean): string {
  const kept = threaded ? 'the conversation is kept' : 'without option `thread` the model starts afresh (the page still shows the conversation)';
  return `Stopped: the agent's worker did not answer within ${graceMs} ms (code running in it never yielded), so it was ended and a fresh one started; ${kept}.`;
}

/**
 * Waits out the grace of one Stop and replaces the worker if it did not
 * answer (see the header). `asked`: when the cancel reached the worker
 * (`performance.now()`); `cancel`: the cancel's call, settled once the worker
 * answered it (or ended); `replacing`: told just before the worker is ended.
 */
export async function watchStop(
  slot: StoppableSlot,
  runId: string,
  graceMs: number,
  asked: Promise<number>,
  cancel: Promise<unknown>,
  running: () => boolean,
  threaded: boolean,
  replacing: () => void,
): Promise<Comlink.Remote<AgentWorkerApi> | undefined> {
  let answered = false;
  const settled = cancel.then(
    () => void (answered = true),
    () => void (answered = true),
  );
  // An ask that never reached the worker (it ended first) has nothing to wait for.
  const reachedAt = await Promise.race([asked, settled.then(() => undefined)]);
  if (reachedAt === undefined || answered) return undefined;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, reachedAt + graceMs - performance.now())));
  if (answered || !running() || slot.ended) return undefined;
  replacing();
  return slot.replace({ runId, message: stoppedMessage(graceMs, threaded) });
}
