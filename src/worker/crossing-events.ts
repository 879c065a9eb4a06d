/**
 * The last guard before events cross to the page. The loop bounds what it
 * emits at the source (tool arguments, tool results; see src/json-bounds.ts),
 * but a batch that `postMessage` cannot clone is lost without a sound — and
 * with it, perhaps, the run's final event, so the page would wait forever.
 * Here every event's free-form payload is measured once more and replaced by
 * a short explanation when it is out of bounds, and a batch that still fails
 * is sent again event by event, so every event that can cross does.
 */
import type { AgentEvent } from '../types.js';
import { outOfBounds } from '../json-bounds.js';

/** `event`, or a copy whose payload too deep or too large to cross is replaced by why. */
export function crossableEvent(event: AgentEvent): AgentEvent {
  switch (event.type) {
    case 'tool-call': {
      const why = outOfBounds(event.args);
      return why === undefined ? event : { ...event, args: `(arguments not shown: ${why})` };
    }
    case 'tool-start': {
      const why = event.editedArgs === undefined ? undefined : outOfBounds(event.editedArgs);
      return why === undefined ? event : { ...event, editedArgs: `(arguments not shown: ${why})` };
    }
    case 'tool-result': {
      const why = event.result === undefined ? undefined : outOfBounds(event.result);
      if (why === undefined) return event;
      const { result: _result, ...rest } = event;
      return { ...rest, status: 'error', error: `The result could not be passed on: ${why}.` };
    }
    case 'approval-request': {
      if (event.requests.every((r) => outOfBounds(r.args) === undefined)) return event;
      return { ...event, requests: event.requests.map((r) => (outOfBounds(r.args) === undefined ? r : { ...r, args: '(arguments not shown: too deep or too large)' })) };
    }
    case 'sub-agent': {
      const inner = crossableEvent(event.event);
      return inner === event.event ? event : { ...event, event: inner };
    }
    default:
      return event;
  }
}

/**
 * Sends `events` through `emit` (a Comlink call to the page, which rejects
 * when the batch cannot be cloned). A failed batch is sent again one event at
 * a time; an event that still cannot cross becomes an `error` event.
 */
export function sendCrossable(emit: (events: AgentEvent[]) => Promise<unknown> | unknown, events: AgentEvent[]): void {
  const batch = events.map(crossableEvent);
  attempt(emit, batch).catch(() => {
    for (const event of batch) {
      attempt(emit, [event]).catch((err: unknown) => {
        const message = `An event (${event.type}) could not be passed to the page: ${err instanceof Error ? err.message : String(err)}`;
        attempt(emit, [{ type: 'error', message, retryable: false, code: 'internal' }]).catch(() => {});
      });
    }
  });
}

/** Calls `emit` now (so batches leave in order) and hands back how it went. */
function attempt(emit: (events: AgentEvent[]) => Promise<unknown> | unknown, events: AgentEvent[]): Promise<unknown> {
  try {
    return Promise.resolve(emit(events));
  } catch (err) {
    return Promise.reject(err);
  }
}
