/**
 * The seam where a run goes to a remote agent instead of the in-page loop
 * (option `agui`): the session starts, stores, cancels and resumes the run as
 * any other — one `run-start`, one final event, the thread written as it
 * happens — and hands the remote loop what the in-page loop would have had,
 * less the model: the history to send and append to, the page's tools (the
 * remote agent's frontend tools) with the one approval policy and gate, the
 * app's state, the signal. The remote loop itself (the official AG-UI
 * client) lives in the worker (src/worker/agui/) and loads on first use.
 *
 * The invariants it keeps are the loop's: exactly one final event (returned,
 * not emitted), every tool call in the history answered exactly once, events
 * out through `emit` only.
 */
import type { AgUiOptions, FinalEvent } from '../types.js';
import type { RunBase } from './run-base.js';
import type { RemoteThread } from './remote-thread.js';

/** What one run on a remote agent works with. */
export interface RemoteRunContext extends RunBase {
  /** The most remote runs (a frontend tool's answer, an interrupt's resume, each starts one) this run may take. */
  maxIterations: number;
  /** Where the remote agent is. */
  agui: AgUiOptions;
  /** The conversation's side on the server: its thread id, message ids, interrupts, shared state. */
  remote: RemoteThread;
  /** Merged over `agui.forwardedProps` in this run's first request only (`send(text, { forwardedProps })`); taken when sent. */
  forwardedProps?: Record<string, unknown>;
  /** Asked before each request to the server: false once the page has cancelled the run. */
  mayStart(): Promise<boolean>;
}

/** Runs one run on a remote agent to its end; never throws. */
export interface RemoteLoop {
  run(ctx: RemoteRunContext): Promise<FinalEvent>;
}

/** Loads the remote loop (its chunk, with the official client, on first use). */
export type RemoteLoader = () => Promise<RemoteLoop>;
