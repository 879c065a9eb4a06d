/**
 * One writer per thread, across every tab and worker of the origin: the
 * writer holds the thread's Web Lock (`navigator.locks`) for as long as it
 * keeps the thread, and every write to the thread is made by its holder. A
 * second agent on the same thread does not get the lock: it follows the
 * thread read-only and queues for the lock, which the browser hands to it
 * when the holder lets go — `release()`, or the holder's worker or page goes
 * away (a closed tab releases its locks; nothing has to run for that).
 *
 * The lock is never stolen, so a holder keeps it until it lets go: a write
 * begun while holding it cannot meet another writer's. Writes made without
 * the lock (`withThreadLock`) take it for their own length, or are refused.
 *
 * Without Web Locks (very old browsers) every agent is a writer, as before
 * this existed: the single-writer guarantee needs the API.
 */
import { PageloopError } from '../errors.js';

/** The database threads are kept in unless a store is given another. */
export const DEFAULT_THREAD_DB = 'pageloop-threads';

/** The name of thread `id`'s Web Lock and BroadcastChannel in database `dbName`. */
export function threadLockName(dbName: string, id: string): string {
  return `pageloop-thread:${dbName}:${id}`;
}

/** Whether this agent writes the thread or follows another tab's writer. */
export type ThreadLockState = 'writer' | 'follower';

/** True where the Web Locks API exists (windows and workers of secure contexts). */
function locksAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function';
}

/** The error for a thread another tab writes. */
export function threadBusy(what: string): PageloopError {
  return new PageloopError('thread-busy', `${what}: this conversation is open in another tab, which writes it. Close it there (or switch that tab to another thread) to continue here.`);
}

/** The lock of one thread, held for as long as this agent keeps the thread. */
export class ThreadLock {
  #name: string;
  #onTakeOver: () => void;
  #held = false;
  #release: (() => void) | undefined;
  #waiting: AbortController | undefined;
  #closed = false;

  /** `onTakeOver` runs when a follower is granted the lock (the writer let go). */
  constructor(name: string, onTakeOver: () => void) {
    this.#name = name;
    this.#onTakeOver = onTakeOver;
  }

  /** True while this agent holds the lock (and may write). */
  get held(): boolean {
    return this.#held;
  }

  /** Takes the lock if it is free ('writer'); otherwise queues for it and resolves 'follower'. */
  acquire(): Promise<ThreadLockState> {
    if (!locksAvailable()) {
      this.#held = true;
      return Promise.resolve('writer');
    }
    return new Promise<ThreadLockState>((resolve, reject) => {
      navigator.locks
        .request(this.#name, { ifAvailable: true }, (lock) => {
          if (!lock || this.#closed) {
            resolve('follower');
            if (!this.#closed) this.#queue();
            return undefined;
          }
          resolve('writer');
          return this.#hold();
        })
        .catch(reject);
    });
  }

  /** Lets go of the lock, or leaves the queue for it. Final: a released lock is not taken again. */
  release(): void {
    this.#closed = true;
    this.#held = false;
    this.#waiting?.abort();
    this.#waiting = undefined;
    this.#release?.();
    this.#release = undefined;
  }

  /** Resolves when the lock should go: the lock is held until then. */
  #hold(): Promise<void> {
    this.#held = true;
    return new Promise<void>((resolve) => (this.#release = resolve));
  }

  #queue(): void {
    const waiting = (this.#waiting = new AbortController());
    navigator.locks
      .request(this.#name, { signal: waiting.signal }, () => {
        if (this.#closed) return undefined;
        this.#waiting = undefined;
        const held = this.#hold();
        this.#onTakeOver();
        return held;
      })
      // Aborted by `release()` while queued: nothing to do.
      .catch(() => {});
  }
}

/**
 * Runs `work` holding lock `name` if it is free, or refuses with `thread-busy`:
 * for writes to a thread that no agent keeps open here (rename, delete,
 * import), so they cannot land between another tab's writes.
 */
export async function withThreadLock<T>(name: string, what: string, work: () => Promise<T>): Promise<T> {
  if (!locksAvailable()) return work();
  let ran = false;
  const result = await navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
    if (!lock) return undefined;
    ran = true;
    return work();
  });
  if (!ran) throw threadBusy(what);
  return result as T;
}
