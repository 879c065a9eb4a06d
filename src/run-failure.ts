/**
 * The two events that end a run that failed — an `error` event with the
 * error's code, then `final { reason: 'error' }` with its message — written
 * once for every place a run can fail: the loop, a session that refuses to
 * start a run, the page when its worker dies.
 *
 * @example
 * const [error, final] = failedRun(new PageloopError('busy', 'A run is already going.'));
 * host.emit([error, final]);
 */
import type { AgentEvent, FinalEvent } from './agent-events.js';
import { toWireError } from './errors.js';

/** An `error` event. */
export type ErrorEvent = Extract<AgentEvent, { type: 'error' }>;

/** The `error` event and the `final` event of a run that failed with `err` (its code and `retryable` kept). */
export function failedRun(err: unknown): [error: ErrorEvent, final: FinalEvent] {
  const wire = toWireError(err);
  return [
    { type: 'error', message: wire.message, retryable: wire.retryable, code: wire.code, ...(wire.params ? { params: wire.params } : {}) },
    { type: 'final', reason: 'error', text: wire.message },
  ];
}
