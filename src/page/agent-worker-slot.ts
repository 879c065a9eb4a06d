/**
 * The agent's worker, as `createAgent` holds it: one worker at a time, which
 * can be replaced when it stops answering. Code in the worker that never
 * yields (a model module's loop, a validator, a huge synchronous parse)
 * leaves its messages unread, so Stop alone cannot reach it; the only way
 * out is to end that worker and start a fresh one for the same agent.
 *
 * Invariants:
 * - every call made through the slot settles: the worker link's own
 *   invariant, per worker (a call to a replaced worker rejects with a
 *   `worker-restarted` WorkerEndedError);
 * - `onEnd` hears only the end of the agent's worker for good (a crash, or
 *   dispose), never a replacement;
 * - a replacement is the same agent: `start` sets it up as it set up the
 *   first (the settings, tools and page host as they are now), told which
 *   run was stopped, so the fresh worker ends that run in the stored thread
 *   as a reload would find it (src/agent/thread/thread-binding.ts).
 */
import type * as Comlink from 'comlink';
import type { AgentWorkerApi, AgentWorkerEntry, StoppedRun } from '../protocol/agent.js';
import type { WorkerEndedError } from '../errors.js';
import { linkWorker, type WorkerLink } from './worker-link.js';

/** How long Stop waits for the worker to answer before it ends it and starts another (option `stopGraceMs`). */
export const DEFAULT_STOP_GRACE_MS = 1500;

/** Sets the agent up in a fresh worker; `stopped`: the run the worker it replaces was ended in. */
export type StartAgent = (entry: Comlink.Remote<AgentWorkerEntry>, stopped?: StoppedRun) => Promise<Comlink.Remote<AgentWorkerApi>>;

/** The agent's one worker, replaceable. */
export class AgentWorkerSlot {
  readonly #start: StartAgent;
  readonly #spawn: () => Worker;
  readonly #onEnd: (why: WorkerEndedError) => void;
  #link!: WorkerLink<AgentWorkerEntry>;
  #session!: Promise<Comlink.Remote<AgentWorkerApi>>;
  /** The first worker's set-up (what `agent.ready` waits for). */
  readonly first: Promise<Comlink.Remote<AgentWorkerApi>>;

  /** `spawn`: starts a worker (the same kind each time); `start`: sets the agent up in it; `onEnd`: the end for good. */
  constructor(spawn: () => Worker, start: StartAgent, onEnd: (why: WorkerEndedError) => void) {
    this.#spawn = spawn;
    this.#start = start;
    this.#onEnd = onEnd;
    this.first = this.#open(undefined);
  }

  /** Calls the agent's API in the worker now in the slot, once it is set up (settles also when that worker ends). */
  call<R>(invoke: (remote: Comlink.Remote<AgentWorkerApi>) => Promise<R>): Promise<R> {
    const session = this.#session;
    return this.#link.call(async () => invoke(await session));
  }

  /** Why the agent's worker ended for good, or undefined while it lives. */
  get ended(): WorkerEndedError | undefined {
    // A replaced worker's link is never the slot's current one.
    return this.#link.ended;
  }

  /**
   * Ends the worker now in the slot (its pending calls reject with a
   * `worker-restarted` error) and starts a fresh one told of `stopped`;
   * resolves once it is set up, the stopped run ended there.
   */
  replace(stopped: StoppedRun): Promise<Comlink.Remote<AgentWorkerApi>> {
    this.#link.dispose(stopped.message, undefined, 'worker-restarted');
    return this.#open(stopped);
  }

  /**
   * Asks the worker to cancel run `runId`, at once. A worker that has not
   * answered `graceMs` after the ask reached it (a worker still starting has
   * not been asked yet) is busy in code that never yields: if `running()`
   * still says the run goes, `replacing()` is called and the worker replaced,
   * told of the run (`threaded`: whether the agent keeps a thread, for the
   * notice's words). That watch is worker-restart.ts, a chunk loaded with the
   * first Stop. Resolves with the fresh worker's API once it is set up, or
   * undefined when the worker answered (or the run ended). Should the chunk
   * not load, a run still going after the grace ends with that load's error.
   */
  stop(runId: string, graceMs: number, running: () => boolean, threaded: boolean, replacing: () => void): Promise<Comlink.Remote<AgentWorkerApi> | undefined> {
    let reached!: (at: number) => void;
    const asked = new Promise<number>((resolve) => (reached = resolve));
    const cancel = this.call((remote) => (reached(performance.now()), remote.cancel(runId)));
    cancel.catch(() => {});
    return import('./worker-restart.js').then(
      ({ watchStop }) => watchStop(this, runId, graceMs, asked, cancel, running, threaded, replacing),
      (err: unknown) => new Promise((resolve) => setTimeout(resolve, graceMs)).then(() => {
        if (running()) throw err;
        return undefined;
      }),
    );
  }

  /** Ends the worker for good; pending and later calls reject with a `disposed` error; `farewell`: a last call to it, awaited a moment (worker-link.ts). */
  dispose(message: string, farewell?: (remote: Comlink.Remote<AgentWorkerApi>) => Promise<unknown>): void {
    const session = this.#session;
    this.#link.dispose(message, farewell && (() => session.then(farewell)));
  }

  #open(stopped: StoppedRun | undefined): Promise<Comlink.Remote<AgentWorkerApi>> {
    const link = (this.#link = linkWorker<AgentWorkerEntry>(this.#spawn(), "The agent's worker"));
    link.onEnd((why) => {
      if (why.code !== 'worker-restarted') this.#onEnd(why);
    });
    const session = (this.#session = link.call((entry) => this.#start(entry, stopped)));
    session.catch(() => {});
    return session;
  }
}
