/**
 * The writer's writes, told to the tabs that follow the thread. After each
 * write is stored, the writer posts that same write — the event batch and
 * the messages that changed, never the whole thread — on the thread's
 * BroadcastChannel; a follower applies it to its copy, so it shows what the
 * writer stored as soon as it is stored, at the cost of one small message
 * per write (about one per 50 ms while text streams).
 *
 * A follower listens before it reads the store, and applies everything it
 * heard since, in order: a write it already read is applied again without
 * harm (an event batch it holds is skipped by its seq, a message range is
 * replaced by the same messages), so nothing between the read and the
 * first message is lost.
 */
import type { AgentEvent, ChatMessage } from '../types.js';
import { mergeDelta } from '../agent/event-batcher.js';
import type { ThreadWrite } from './thread-store.js';

/** What a follower keeps of the thread: its history, its events (deltas merged) and the next event batch it expects. */
export interface FollowedThread {
  messages: ChatMessage[];
  events: AgentEvent[];
  nextSeq: number;
}

/**
 * Applies one of the writer's writes to `thread` (in place) and returns the
 * events it added, as the writer emitted them (for the follower's page).
 */
export function applyWrite(thread: FollowedThread, write: ThreadWrite): AgentEvent[] {
  const added: AgentEvent[] = [];
  for (const batch of write.events) {
    if (batch.seq < thread.nextSeq) continue;
    for (const event of batch.events) {
      added.push(event);
      const merged = mergeDelta(thread.events.at(-1), event);
      if (merged) thread.events[thread.events.length - 1] = merged;
      else thread.events.push(event);
    }
    thread.nextSeq = batch.seq + 1;
  }
  const { from, list } = write.messages;
  thread.messages.splice(from, list.length, ...list);
  thread.messages.length = Math.min(thread.messages.length, write.meta.messageCount);
  return added;
}

/** The channel of one thread: the writer publishes its writes, followers hear them. */
export class ThreadFeed {
  #channel: BroadcastChannel | undefined;

  /** `name`: the thread's lock name (one channel per thread and database). */
  constructor(name: string) {
    this.#channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : undefined;
  }

  /** Tells the followers about a write that is stored. */
  publish(write: ThreadWrite): void {
    this.#channel?.postMessage(write);
  }

  /** Calls `heard` with each write the writer publishes, until `close()`. */
  follow(heard: (write: ThreadWrite) => void): void {
    if (this.#channel) this.#channel.onmessage = (e: MessageEvent<ThreadWrite>) => heard(e.data);
  }

  /** Stops listening and closes the channel. */
  close(): void {
    this.#channel?.close();
    this.#channel = undefined;
  }
}
