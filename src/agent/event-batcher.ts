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

const FRAME_MS = 16;

type DeltaEvent = Extract<AgentEvent, { type: 'text' | 'thinking' | 'tool-call-delta' }>;

function isDelta(e: AgentEvent): e is DeltaEvent {
  return e.type === 'text' || e.type === 'thinking' || e.type === 'tool-call-delta';
}

/** The event itself, or the child's event a `sub-agent` event wraps. */
function unwrapped(e: AgentEvent): AgentEvent {
  return e.type === 'sub-agent' ? e.event : e;
}

/** True for a streamed delta, a sub-agent's included: it may wait for its batch. */
export function isStreamDelta(e: AgentEvent): boolean {
  return isDelta(unwrapped(e));
}

/** Merges `next` into `last` when both are deltas of the same stream (of the same sub-agent, for wrapped ones). */
export function mergeDelta(last: AgentEvent | undefined, next: AgentEvent): AgentEvent | undefined {
  if (last?.type === 'sub-agent' && next.type === 'sub-agent') {
    const inner = last.parentCallId === next.parentCallId ? mergeDelta(last.event, next.event) : undefined;
    return inner && { ...next, event: inner };
  }
  if (!last || !isDelta(next) || last.type !== next.type) return undefined;
  if (next.type === 'tool-call-delta') {
    // argsText is cumulative, so the newest one replaces the older.
    return last.type === 'tool-call-delta' && last.callId === next.callId ? next : undefined;
  }
  return { type: next.type, delta: (last as { delta: string }).delta + next.delta } as AgentEvent;
}

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
    const merged = mergeDelta(this.#buffer.at(-1), event);
    if (merged) this.#buffer[this.#buffer.length - 1] = merged;
    else this.#buffer.push(event);
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
