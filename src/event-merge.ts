/**
 * How events add up: a streamed delta (`text`, `thinking`, `tool-call-delta`,
 * and the same wrapped in a `sub-agent` event) joins the delta before it of
 * the same stream, so a reply is one event however many tokens it came in.
 * Every list of events — the batch crossing the worker, the thread in
 * memory, the journal's pending write, the stored thread read back, a
 * follower's copy — grows through `appendMerged`, so they all agree. An
 * A2UI surface's data model (`a2ui-data`) is whole each time, so the newer
 * replaces the one just before it for the same surface.
 *
 * @example
 * const events: AgentEvent[] = [];
 * appendMerged(events, { type: 'text', delta: 'Hel' });
 * appendMerged(events, { type: 'text', delta: 'lo' }); // → true; events is [{ type: 'text', delta: 'Hello' }]
 */
import type { AgentEvent } from './agent-events.js';

type DeltaEvent = Extract<AgentEvent, { type: 'text' | 'thinking' | 'tool-call-delta' }>;

function isDelta(e: AgentEvent): e is DeltaEvent {
  return e.type === 'text' || e.type === 'thinking' || e.type === 'tool-call-delta';
}

/** The event itself, or the child's event a `sub-agent` event wraps. */
export function unwrapped(e: AgentEvent): AgentEvent {
  return e.type === 'sub-agent' ? e.event : e;
}

/** True for a streamed delta, a sub-agent's included: it may wait for its batch. */
export function isStreamDelta(e: AgentEvent): boolean {
  return isDelta(unwrapped(e));
}

/** `next` merged into `last` when both are deltas of the same stream (of the same sub-agent, for wrapped ones); else undefined. */
export function mergeDelta(last: AgentEvent | undefined, next: AgentEvent): AgentEvent | undefined {
  if (last?.type === 'sub-agent' && next.type === 'sub-agent') {
    const inner = last.parentCallId === next.parentCallId ? mergeDelta(last.event, next.event) : undefined;
    return inner && { ...next, event: inner };
  }
  // A surface's data model is whole each time: the newer replaces the one just before it.
  if (next.type === 'a2ui-data') return last?.type === 'a2ui-data' && last.callId === next.callId && last.surfaceId === next.surfaceId ? next : undefined;
  if (!last || !isDelta(next) || last.type !== next.type) return undefined;
  if (next.type === 'tool-call-delta') {
    // argsText is cumulative, so the newest one replaces the older.
    return last.type === 'tool-call-delta' && last.callId === next.callId ? next : undefined;
  }
  return { type: next.type, delta: (last as { delta: string }).delta + next.delta } as AgentEvent;
}

/** Appends `event` to `events`, merged into the last one when it continues its stream. True when it merged. */
export function appendMerged(events: AgentEvent[], event: AgentEvent): boolean {
  const merged = mergeDelta(events.at(-1), event);
  if (merged) events[events.length - 1] = merged;
  else events.push(event);
  return merged !== undefined;
}
