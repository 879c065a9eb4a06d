/**
 * The writer's writes, told to the tabs that follow the thread. After each
 * write is stored, the writer posts that same write — the event batch and
 * the messages that changed, never the whole thread — on the thread's
 * BroadcastChannel; a follower applies it to its copy, so it shows what the
 * writer stored as soon as it is stored, at the cost of one small message
 * per write (about one per 50 ms while text streams) — and none while no
 * tab follows: a follower says `hello` and waits for the writer's `ack`
 * before it reads the store, and a writer posts its writes only once it
 * heard a hello (a writer that took over posts them from the start, since
 * the tabs that followed its predecessor follow it now). A write stored
 * before the ack is in what the follower reads; one stored after it is posted.
 *
 * A follower listens before it reads the store, and applies everything it
 * heard since, in order: a write it already read is applied again without
 * harm (an event batch it holds is skipped by its seq, a message range is
 * replaced by the same messages), so nothing between the read and the
 * first message is lost.
 *
 * Clearing the thread is told too (`cleared`): the writer deletes the
 * stored thread, which no write describes, so a follower empties its copy.
 */
import type { AgentEvent, ChatMessage } from '../types.js';
import { appendMerged } from '../event-merge.js';
import type { ThreadWrite } from './thread-store.js';

/** What a follower keeps of the thread: its history, its events (deltas merged), the next event batch it expects, and the tools allowed for good. */
export interface FollowedThread {
  messages: ChatMessage[];
  events: AgentEvent[];
  nextSeq: number;
  allowed?: string[];
}

/** What one write changed in a follower's copy: the events it added, and the tools allowed for good if they changed. */
export interface AppliedWrite {
  events: AgentEvent[];
  allowed?: string[];
}

/**
 * Applies one of the writer's writes to `thread` (in place) and returns the
 * events it added, as the writer emitted them (for the follower's page).
 */
export function applyWrite(thread: FollowedThread, write: ThreadWrite): AgentEvent[] {
  return applyWriteFully(thread, write).events;
}

/** `applyWrite`, also telling whether the write changed the tools allowed for good (kept in `thread.allowed`). */
export function applyWriteFully(thread: FollowedThread, write: ThreadWrite): AppliedWrite {
  const events = applyEvents(thread, write);
  // A streamed write (`eventsOnly`) carries the meta as it was: its list is not news.
  const allowed = write.eventsOnly ? undefined : write.meta.allowed ?? [];
  if (!allowed || sameList(allowed, thread.allowed ?? [])) return { events };
  thread.allowed = [...allowed];
  return { events, allowed: [...allowed] };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function applyEvents(thread: FollowedThread, write: ThreadWrite): AgentEvent[] {
  const added: AgentEvent[] = [];
  for (const batch of write.events) {
    if (batch.seq < thread.nextSeq) continue;
    for (const event of batch.events) {
      added.push(event);
      appendMerged(thread.events, event);
    }
    thread.nextSeq = batch.seq + 1;
  }
  const { from, list } = write.messages;
  thread.messages.splice(from, list.length, ...list);
  thread.messages.length = Math.min(thread.messages.length, write.meta.messageCount);
  return added;
}

/** What crosses a thread's channel: a follower's hello, the writer's ack, or a stored write. */
type FeedMessage = { hello: true } | { ack: true } | { write: ThreadWrite } | { cleared: true };

/** How long a follower waits for the writer's ack before it reads the store anyway (the holder may not write). */
const ACK_WAIT_MS = 1000;

/** The channel of one thread: the writer publishes its writes, followers hear them. */
export class ThreadFeed {
  #channel: BroadcastChannel | undefined;
  /** Some tab follows: writes are posted. */
  #followed = false;
  /** This feed is the writer's: it answers hellos. */
  #leading = false;
  #heard: ((write: ThreadWrite | 'cleared') => void) | undefined;
  #acked: (() => void) | undefined;

  /** `name`: the thread's lock name (one channel per thread and database). */
  constructor(name: string) {
    this.#channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined;
    if (this.#channel) this.#channel.onmessage = (e: MessageEvent<FeedMessage>) => this.#receive(e.data);
  }

  /** Makes this the writer's feed; `tookOver`: tabs followed the writer before, so post from the start. */
  lead(tookOver: boolean): void {
    this.#leading = true;
    if (tookOver) this.#followed = true;
  }

  /** Tells the followers about a write that is stored (nothing while no tab follows). */
  publish(write: ThreadWrite): void {
    if (this.#followed) this.#post({ write });
  }

  /** Tells the followers the thread was cleared (its stored copy deleted). */
  publishCleared(): void {
    if (this.#followed) this.#post({ cleared: true });
  }

  /**
   * Calls `heard` with each write (or `'cleared'`) the writer publishes, until `close()`;
   * resolves once the writer answered the hello (or did not in time): from
   * then on every stored write is either in the store when read, or heard.
   */
  follow(heard: (write: ThreadWrite | 'cleared') => void): Promise<void> {
    this.#heard = heard;
    if (!this.#channel) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.#acked?.(), ACK_WAIT_MS);
      this.#acked = () => {
        clearTimeout(timer);
        this.#acked = undefined;
        resolve();
      };
      this.#post({ hello: true });
    });
  }

  #receive(message: FeedMessage): void {
    if ('hello' in message) {
      this.#followed = true;
      if (this.#leading) this.#post({ ack: true });
    } else if ('ack' in message) this.#acked?.();
    else if (this.#leading) return;
    else if ('cleared' in message) this.#heard?.('cleared');
    else this.#heard?.(message.write);
  }

  #post(message: FeedMessage): void {
    this.#channel?.postMessage(message);
  }

  /** Stops listening and closes the channel. */
  close(): void {
    this.#acked?.();
    this.#channel?.close();
    this.#channel = undefined;
  }
}
