/**
 * One agent's place at a stored thread: the writer's seat (it holds the
 * thread's lock, writes, and tells followers what it wrote) or a follower's
 * (it shows the thread read-only, applies the writer's writes as they are
 * told, and queues for the lock). A follower is moved to the writer's seat
 * by the browser, when the writer lets go of the lock; `onTakeOver` then
 * loads the thread afresh, as a reload would.
 *
 * A store without lock names (a test's stand-in) gives every agent the
 * writer's seat, unlocked.
 */
import type { AgentEvent } from '../types.js';
import type { TraceChange } from '../trace-types.js';
import type { ThreadStorage, ThreadWrite } from './thread-store.js';
import { ThreadLock, type ThreadLockState } from './thread-lock.js';
import { ThreadFeed, applyWriteFully, type FollowedThread } from './thread-feed.js';

/** What the seat tells the session. */
export interface SeatHooks {
  /** A follower heard the writer store these events (already applied to the followed thread). */
  followed(events: AgentEvent[]): void;
  /** A follower heard the writer change the tools allowed for good (already in the followed thread). */
  allowed(tools: string[]): void;
  /** A follower heard the writer clear the thread (the followed thread is emptied already). */
  cleared(): void;
  /** A follower heard the writer store a change of its trace (a write carries one when a span opened, ended or was dropped). */
  traced?(change: TraceChange): void;
  /** The writer let go and this agent holds the lock now. */
  tookOver(): void;
}

/** The lock and the channel of one thread, as one agent holds them. */
export class ThreadSeat {
  readonly #lock: ThreadLock | undefined;
  readonly #feed: ThreadFeed | undefined;
  #hooks: SeatHooks;
  #state: ThreadLockState = 'writer';
  /** Writes heard before the follower's copy was read. */
  #heard: (ThreadWrite | 'cleared')[] | undefined;
  #thread: FollowedThread | undefined;

  constructor(store: ThreadStorage, id: string, hooks: SeatHooks) {
    this.#hooks = hooks;
    const name = store.lockName?.(id);
    if (name === undefined) return;
    this.#feed = new ThreadFeed(name);
    this.#lock = new ThreadLock(name, () => {
      this.#state = 'writer';
      this.#stopFollowing();
      this.#feed!.lead(true);
      this.#hooks.tookOver();
    });
  }

  /** The lock a journal checks before each write (absent: unlocked). */
  get lock(): { readonly held: boolean } | undefined {
    return this.#lock;
  }

  /** Where the writer's journal tells its writes (absent: unlocked). */
  get feed(): ThreadFeed | undefined {
    return this.#state === 'writer' ? this.#feed : undefined;
  }

  /** True while this agent only follows the thread. */
  get following(): boolean {
    return this.#state === 'follower';
  }

  /**
   * Takes the writer's seat if it is free; otherwise starts listening to the
   * writer and resolves once the store may be read (call `follow` with what was read).
   */
  async take(): Promise<ThreadLockState> {
    if (!this.#lock) return 'writer';
    const state = (this.#state = await this.#lock.acquire());
    if (state === 'writer') {
      this.#feed!.lead(false);
      return 'writer';
    }
    // Listen before reading: a write between the read and the first message would be lost otherwise.
    this.#heard = [];
    await this.#feed!.follow((write) => this.#hear(write));
    // Even if the lock came meanwhile: the session follows first, then takes over (`tookOver`).
    return state;
  }

  /** Follows `thread` (as read from the store) from now on, applying what was heard meanwhile. */
  follow(thread: FollowedThread): void {
    if (this.#state !== 'follower') return;
    this.#thread = thread;
    const heard = this.#heard ?? [];
    this.#heard = undefined;
    for (const write of heard) this.#apply(thread, write);
  }

  /** Applies one heard write (or clearing) to the followed thread and tells the session. */
  #apply(thread: FollowedThread, write: ThreadWrite | 'cleared'): void {
    if (write === 'cleared') {
      thread.messages.length = 0;
      thread.events.length = 0;
      thread.nextSeq = 0;
      thread.allowed = [];
      this.#hooks.cleared();
      return;
    }
    const { events, allowed } = applyWriteFully(thread, write);
    if (events.length > 0) this.#hooks.followed(events);
    if (allowed) this.#hooks.allowed(allowed);
    if (write.trace) this.#hooks.traced?.(write.trace);
  }

  /** Leaves the seat: lets go of the lock (or the queue for it) and the channel. */
  close(): void {
    this.#lock?.release();
    this.#feed?.close();
    this.#thread = undefined;
    this.#heard = undefined;
  }

  #hear(write: ThreadWrite | 'cleared'): void {
    if (this.#state !== 'follower' && this.#heard === undefined) return;
    if (this.#heard) {
      this.#heard.push(write);
      return;
    }
    if (this.#thread) this.#apply(this.#thread, write);
  }

  #stopFollowing(): void {
    this.#heard = undefined;
    this.#thread = undefined;
  }
}
