/**
 * Batches events across the worker boundary: token deltas are merged and sent
 * about once per frame instead of one postMessage per token — the first delta
 * after a frame without one goes at once (a reply's first token is never held
 * back a frame; its markdown marks still open are not drawn as text:
 * components/markdown/open-marks.ts), the ones within a frame of it wait and
 * merge, so a stream still costs at most one postMessage a frame; `tool-start`
 * waits the same way (the call's result, or the frame, follows soon enough,
 * and a message per call start would cost every iteration a postMessage);
 * any other event flushes at once, so tool calls, approvals, results and the
 * final event are never late, and order is kept. A sub-agent's events (wrapped
 * as `sub-agent`) are batched and merged like the events they wrap, per child.
 */
import type { AgentEvent } from '../types.js';
import { appendMerged, isStreamDelta, unwrapped } from '../event-merge.js';

const FRAME_MS = 16;

/** Events that wait for the next flush rather than make one. */
const ANNOUNCEMENTS: ReadonlySet<AgentEvent['type']> = new Set(['tool-start']);

/** Buffers events and hands them to `send` in ordered batches. */
export class EventBatcher {
  #buffer: AgentEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** When deltas were last sent (performance.now()). */
  #deltaSentAt = -Infinity;
  readonly #send: (events: AgentEvent[]) => void;
  readonly #frameMs: number;

  constructor(send: (events: AgentEvent[]) => void, frameMs = FRAME_MS) {
    this.#send = send;
    this.#frameMs = frameMs;
  }

  push(event: AgentEvent): void {
    appendMerged(this.#buffer, event);
    const delta = isStreamDelta(event);
    if (!delta && !ANNOUNCEMENTS.has(unwrapped(event).type)) this.flush();
    else if (delta && this.#timer === undefined && performance.now() - this.#deltaSentAt >= this.#frameMs) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), this.#frameMs);
  }

  flush(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#buffer.length === 0) return;
    const batch = this.#buffer;
    this.#buffer = [];
    if (batch.some(isStreamDelta)) this.#deltaSentAt = performance.now();
    this.#send(batch);
  }
}
