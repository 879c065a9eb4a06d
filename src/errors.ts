/**
 * One error base with a stable string `code`. Errors cross the worker as plain
 * `{ code, message }` objects inside outcomes (src/protocol/errors.ts),
 * because `instanceof` and `code` do not survive structured cloning; this
 * file turns errors into that form and back.
 */
import type { ErrorCode, Outcome, WireError } from './protocol/errors.js';

export type { ErrorCode, WireError } from './protocol/errors.js';

/** The base of every error pageloop throws. */
export class PageloopError extends Error {
  override name = 'PageloopError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

/** Turns anything thrown into its wire form. */
export function toWireError(err: unknown): WireError {
  if (err instanceof PageloopError) return { code: err.code, message: err.message, retryable: err.retryable };
  if (isAbortError(err)) return { code: 'aborted', message: 'The operation was aborted.', retryable: false };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message, retryable: false };
}

/** The `PageloopError` a wire error stands for, code and all. */
export function fromWireError(wire: WireError): PageloopError {
  return new PageloopError(wire.code, wire.message, wire.retryable);
}

/**
 * Runs `operation` and settles to an outcome: the worker side of every call.
 * Never rejects, also when `operation` throws synchronously.
 */
export async function toOutcome<T>(operation: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await operation() };
  } catch (err) {
    return { ok: false, error: toWireError(err) };
  }
}

/** The value of an outcome, or its error thrown as a `PageloopError`: the page side of every call. */
export function fromOutcome<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  throw fromWireError(outcome.error);
}

/** An AbortError, the way DOM APIs make one, so `err.name === 'AbortError'` checks work. */
export function abortError(message = 'The operation was aborted.'): DOMException {
  return new DOMException(message, 'AbortError');
}

/**
 * A call aborted because its worker ended: it crashed (`worker-crashed`) or
 * was disposed (`disposed`). Named `AbortError`, as DOM aborts are, so code
 * that checks `err.name === 'AbortError'` sees an abort, and it still carries
 * the code that says why.
 */
export class WorkerEndedError extends PageloopError {
  override name = 'AbortError';
  constructor(code: 'worker-crashed' | 'disposed', message: string) {
    super(code, message);
  }
}

/** True for anything that means "aborted": DOM AbortErrors and our `aborted` code. */
export function isAbortError(err: unknown): boolean {
  if (err instanceof PageloopError && err.code === 'aborted') return true;
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

/**
 * The message of anything thrown, in words a person (or the model, in a tool
 * result) can read: an Error's message (its name when empty), a thrown
 * object's `message`, or the thrown value as text.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string') {
    return (err as { message: string }).message;
  }
  return String(err);
}
