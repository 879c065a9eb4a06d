/**
 * Batches events across the worker boundary: token deltas are merged and sent
 * about once per frame instead of one postMessage per token; `tool-start`
 * waits the same way (the call's result, or the frame, follows soon enough,
 * and a message per call start would cost every iteration a postMessage);
 * any other event flushes at once, so tool calls, approvals, results and the
 * final event are never late, and order is kept. A sub-agent's events (wrapped
 * as `sub-agent`) are batched and merged like the events they wrap, per child.
 */
import type { AgentEvent } from '../types.js';
import { appendMerged, isStreamDelta, unwrapped } from '../event-merge.js';

const FRAME_MS = 16;

/** Buffers events and hands them to `send` in ordered batches. */
export class EventBatcher {
  #buffer: AgentEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #send: (events: AgentEvent[]) => void;
  readonly #frameMs: number;

  constructor(send: (events: AgentEvent[]) => void, frameMs = FRAME_MS) {
    this.#send = send;
    this.#frameMs = frameMs;
  }

  push(event: AgentEvent): void {
    appendMerged(this.#buffer, event);
    if (!isStreamDelta(event) && unwrapped(event).type !== 'tool-start') this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), this.#frameMs);
  }

  flush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#buffer.length === 0) return;
    const batch = this.#buffer;
    this.#buffer = [];
    this.#send(batch);
  }
}
