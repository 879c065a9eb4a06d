/**
 * Starts, ends and cancels a session's runs, one at a time. Every run ends
 * in exactly one final event, emitted only after the thread is stored (so a
 * reload right after it loses nothing that was shown), and the API key never
 * reaches it.
 *
 * Cancel has one mechanism: each run's AbortController, made by whichever
 * comes first, the run's start or its cancel — a cancel can overtake its
 * send across the worker boundary, and then the run starts already aborted.
 *
 * Refusals go to one place each: a run refused because another is going
 * (`busy`) is answered to its caller only — the listeners belong to the run
 * that is going, and a second final would end that run's stream on the page
 * — while a run refused before anything is going (a follower's, an unknown
 * workflow, nothing to resume) gets the error-plus-final pair sent to the
 * page, which ends the refused run there; neither is stored in the thread.
 */
import type { FinalEvent } from '../types.js';
import type { KeptAttachments } from './attachments/index.js';
import { PageloopError } from '../errors.js';
import { failedRun } from '../run-failure.js';
import type { SessionState } from './session-state.js';

/** One run to start: named fields, in the order they happen. */
export interface RunStart {
  /** The id the page gave the run (its cancel names it). */
  runId: string;
  /** The user's text, carried by `run-start`. */
  input?: string;
  /** The workflow the run follows, carried by `run-start`. */
  workflow?: string;
  /** The files of the user's message: their records ride on `run-start`; those not stored are announced right after it. */
  files?: KeptAttachments;
  /** The model the run asks instead of the agent's (a per-send override), carried by `run-start`. */
  model?: string;
  /** What the run adds to the conversation before the loop runs (the user's message, a workflow's plan). */
  begin?(): void;
  /** Runs the loop on `signal` and resolves with its final event, not emitted (the run control emits it). May throw: that is a failed run. */
  run(signal: AbortSignal): Promise<FinalEvent>;
}

/** The session's runs: which one is going, and how each starts, ends and is cancelled. */
export class RunControl {
  readonly #state: SessionState;
  #run: { id: string; controller: AbortController } | undefined;
  /** Cancels that came before their run started, by run id. Runs are one at a time, so this holds at most a few. */
  #early = new Map<string, AbortController>();
  /** Why no run may start now though none is going (an undo changes the thread), if so. */
  #held: string | undefined;

  constructor(state: SessionState) {
    this.#state = state;
  }

  /** True while a run is going. */
  get running(): boolean {
    return this.#run !== undefined;
  }

  /** Throws `busy` while a run is going (or the session is held): `what` cannot happen now. */
  assertIdle(what: string): void {
    if (this.#run) throw new PageloopError('busy', `${what} while a run is going; cancel it first.`);
    if (this.#held) throw new PageloopError('busy', `${what} now: ${this.#held}`);
  }

  /** Holds the session for work that is not a run (an undo): runs are refused `busy`, saying `why`, until the returned function lets go. */
  hold(why: string): () => void {
    this.#held = why;
    return () => void (this.#held = undefined);
  }

  /** Starts a run and resolves with its final event after it was emitted; never rejects. */
  async start(start: RunStart): Promise<FinalEvent> {
    // To this caller only (see the header): not part of the running run's stream.
    if (this.#run) return failedRun(new PageloopError('busy', 'A run is already going; wait for it to end or cancel it first.'))[1];
    if (this.#held) return failedRun(new PageloopError('busy', this.#held))[1];
    const controller = this.#early.get(start.runId) ?? new AbortController();
    // Runs are one at a time, so no older id can still be waiting to start.
    this.#early.clear();
    this.#run = { id: start.runId, controller };
    const state = this.#state;
    const files = start.files;
    state.emit({ type: 'run-start', runId: start.runId, ...(start.input !== undefined ? { input: start.input } : {}), ...(start.workflow !== undefined ? { workflow: start.workflow } : {}), ...(start.model !== undefined ? { model: start.model } : {}), ...(files?.records.length ? { attachments: files.records } : {}) });
    if (files?.notKept) state.emit({ type: 'attachments-not-kept', ...files.notKept });
    start.begin?.();
    state.changed();
    let final: FinalEvent;
    try {
      final = await start.run(controller.signal);
    } catch (err) {
      // What a cancelled run's waits throw (an AbortError) is its cancel, not a failure.
      final = controller.signal.aborted ? { type: 'final', reason: 'cancelled', text: '' } : this.fail(err);
    }
    final = state.redact(final);
    if (this.#run?.controller === controller) this.#run = undefined;
    state.trace?.observe(final);
    state.record(final);
    await state.save().catch(() => {});
    state.tell([final]);
    return final;
  }

  /** A run that failed: its error event is emitted now, its final event returned for `start` to emit after storing. */
  fail(err: unknown): FinalEvent {
    const [error, final] = failedRun(err);
    this.#state.emit(error);
    return final;
  }

  /** A run refused before anything was going: the error-plus-final pair goes to the page (which ends the refused run), not into the thread. */
  refuse(err: unknown): Promise<FinalEvent> {
    const [error, final] = failedRun(err);
    this.#state.tell([error, final]);
    return Promise.resolve(final);
  }

  /** Cancels the current run, or run `runId` if it has not started yet. */
  cancel(runId?: string): void {
    const run = this.#run;
    if (run && (runId === undefined || run.id === runId)) {
      run.controller.abort();
    } else if (runId !== undefined) {
      const early = new AbortController();
      early.abort();
      this.#early.set(runId, early);
    }
  }
}
