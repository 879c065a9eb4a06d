/**
 * The page's one link to a worker, used by `createAgent` and `createMemory`.
 * Invariant: every call made through the link settles. Comlink keeps only the
 * resolvers of its own calls, so a worker that dies (an uncaught error, a
 * module that fails to load) or is terminated would leave them pending
 * forever; the link keeps its own record of every pending call and, when the
 * worker ends, rejects each with a `WorkerEndedError`: a PageloopError named
 * `AbortError` whose code says why (`worker-crashed` or `disposed`). Calls
 * made after the end reject at once with the same error.
 *
 * A worker method that throws rejects here with a `PageloopError` of the code
 * the worker gave it: the link installs the page's half of `crossErrors`.
 */
import * as Comlink from 'comlink';
import { WorkerEndedError, crossErrors } from '../errors.js';

/** A started worker, its calls tracked until they settle. */
export interface WorkerLink<T> {
  /**
   * Calls the worker through `invoke` and settles as the call does (a
   * failure as a `PageloopError`), or rejects with a `WorkerEndedError`
   * (named AbortError) if the worker ends first.
   */
  call<R>(invoke: (remote: Comlink.Remote<T>) => Promise<R>): Promise<R>;
  /** Why the link ended (`worker-crashed`, `disposed` or `worker-restarted`), or undefined while the worker lives. */
  readonly ended: WorkerEndedError | undefined;
  /** Called once when the worker ends, before the pending calls are rejected. */
  onEnd(listener: (why: WorkerEndedError) => void): void;
  /**
   * Ends the link: pending and later calls reject at once with a `disposed`
   * WorkerEndedError (named AbortError). The worker is terminated at once, or,
   * given `farewell`, once that last call to it settles (at most
   * `FAREWELL_MS`): e.g. writing what it has not stored yet. `code` says why
   * (default `disposed`; `worker-restarted`: replaced by a fresh worker).
   */
  dispose(message: string, farewell?: (remote: Comlink.Remote<T>) => Promise<unknown>, code?: 'disposed' | 'worker-restarted'): void;
}

/** The longest a disposed worker is given for its farewell call before it is terminated. */
export const FAREWELL_MS = 1000;

/**
 * Links to `worker`. `label` names it in the message of a crash, e.g.
 * "The agent's worker" gives "The agent's worker stopped: …".
 *
 * @example
 * const link = linkWorker<MemoryWorkerApi>(spawnMemoryWorker(), 'The memory worker');
 * const count = await link.call((remote) => remote.count());
 */
export function linkWorker<T>(worker: Worker, label: string): WorkerLink<T> {
  crossErrors();
  const remote = Comlink.wrap<T>(worker);
  const pending = new Set<(reason: unknown) => void>();
  const listeners: ((why: WorkerEndedError) => void)[] = [];
  let ended: WorkerEndedError | undefined;

  const end = (why: WorkerEndedError, farewell?: (remote: Comlink.Remote<T>) => Promise<unknown>): void => {
    if (ended) return;
    ended = why;
    const last = farewell?.(remote);
    for (const listener of listeners.splice(0)) {
      try {
        listener(why);
      } catch (err) {
        // A faulty listener must not keep the pending calls from settling.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
    const rejects = [...pending];
    pending.clear();
    for (const reject of rejects) reject(why);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      worker.terminate();
      remote[Comlink.releaseProxy]();
    };
    if (!last) return release();
    setTimeout(release, FAREWELL_MS);
    void last.catch(() => {}).then(release);
  };

  worker.addEventListener('error', (event: ErrorEvent) => {
    // An uncaught error (or a failed module load) leaves the worker in an unknown state: treat it as dead.
    event.preventDefault();
    const why = event.message ? `: ${event.message}` : ' (the worker script failed to load or crashed)';
    end(new WorkerEndedError('worker-crashed', `${label} stopped${why}`));
  });

  return {
    call<R>(invoke: (remote: Comlink.Remote<T>) => Promise<R>): Promise<R> {
      if (ended) return Promise.reject(ended);
      return new Promise<R>((resolve, reject) => {
        pending.add(reject);
        let started: Promise<R>;
        try {
          started = invoke(remote);
        } catch (err) {
          started = Promise.reject(err);
        }
        started.then(resolve, reject).finally(() => pending.delete(reject));
      });
    },
    get ended() {
      return ended;
    },
    onEnd(listener) {
      if (ended) listener(ended);
      else listeners.push(listener);
    },
    dispose(message, farewell, code = 'disposed') {
      end(new WorkerEndedError(code, message), farewell);
    },
  };
}
