/**
 * How `<agent-chat>` moves to another thread, shared by the thread list and
 * its up-front slot (thread-list-slot.ts): the element's `thread` attribute
 * is set, then `thread-change` fires. Also the types both sides name.
 */
import type { ReactiveControllerHost } from 'lit';
import type { Agent } from '../../src/types.js';

/** What the thread list needs of its element. */
export interface ThreadListHost extends ReactiveControllerHost, HTMLElement {
  /** The element's agent (created on first use; throws while the endpoint is not set). */
  readonly agent: Agent;
  /** The open thread's id (the `thread` attribute). */
  thread?: string;
  /** Whether the list is shown (`show-threads`). */
  showThreads: boolean;
}

/** Why the element moved to another thread. */
export type ThreadChangeReason = 'open' | 'new' | 'deleted';

/** The detail of `thread-change`. */
export interface ThreadChangeDetail {
  /** The thread now open (the new value of the `thread` attribute). */
  thread: string;
  /** `open`: picked in the list; `new`: New thread (or the first thread of `show-threads`); `deleted`: the open thread was deleted. */
  reason: ThreadChangeReason;
}

/** Makes thread `id` the element's (a new one, under a fresh `thread-…` id, without `id`): the attribute, then the `thread-change` event. */
export type ThreadSwitch = (id: string | undefined, reason: ThreadChangeReason) => void;

/** Switches `host` to thread `id` (see `ThreadSwitch`). */
export function switchThread(host: HTMLElement, id: string | undefined, reason: ThreadChangeReason): void {
  const thread = id ?? `thread-${crypto.randomUUID()}`;
  host.setAttribute('thread', thread);
  host.dispatchEvent(new CustomEvent<ThreadChangeDetail>('thread-change', { detail: { thread, reason }, bubbles: true, composed: true }));
}

declare global {
  interface HTMLElementEventMap {
    'thread-change': CustomEvent<ThreadChangeDetail>;
  }
}
