/**
 * One error base with a stable string `code`. An error crosses the worker as
 * a plain `WireError` (src/error-codes.ts), because `instanceof` and
 * `code` do not survive structured cloning: `crossErrors` makes Comlink send
 * every thrown error in that form and rebuild a `PageloopError` from it.
 */
import * as Comlink from 'comlink';
import type { ErrorCode, ErrorParams, WireError } from './error-codes.js';

export type { ErrorCode, ErrorParams, WireError } from './error-codes.js';

/** The base of every error pageloop throws. */
export class PageloopError extends Error {
  override name = 'PageloopError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryable = false,
    /** What the message says, as values (`{ status: 404 }`): an app writes the error in its own words from `code` and these. */
    readonly params?: ErrorParams,
  ) {
    super(message);
  }
}

/** Turns anything thrown into its wire form. */
export function toWireError(err: unknown): WireError {
  if (err instanceof PageloopError) return { code: err.code, message: err.message, retryable: err.retryable, ...(err.params ? { params: err.params } : {}) };
  if (isAbortError(err)) return { code: 'aborted', message: 'The operation was aborted.', retryable: false };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message, retryable: false };
}

/** The `PageloopError` a wire error stands for, code and all. */
export function fromWireError(wire: WireError): PageloopError {
  return new PageloopError(wire.code, wire.message, wire.retryable, wire.params);
}

/** What Comlink's own throw handler hands its `serialize`: the thrown value, under a marker it keeps to itself. */
interface Thrown {
  value: unknown;
}

/**
 * Replaces Comlink's throw handler — on each side, once, before the first call
 * — so a worker method that throws rejects on the page with a `PageloopError`
 * of the same code, message and `retryable` (`instanceof` works). Comlink's
 * own handler keeps only `name`, `message` and `stack`. Anything that is not
 * a `PageloopError` crosses as its wire form: an AbortError as `aborted`,
 * the rest as `internal`. Called by the page's worker link and by each
 * worker's entry; calling it again changes nothing.
 */
export function crossErrors(): void {
  if (crossing) return;
  crossing = true;
  const builtIn = Comlink.transferHandlers.get('throw')!;
  const handler: Comlink.TransferHandler<Thrown, WireError> = {
    // Comlink marks a thrown value with a symbol it does not export; its own handler knows the mark.
    canHandle: (value): value is Thrown => builtIn.canHandle(value),
    serialize: ({ value }) => [toWireError(value), []],
    deserialize: (wire) => {
      throw fromWireError(wire);
    },
  };
  Comlink.transferHandlers.set('throw', handler);
}

let crossing = false;

/** An AbortError, the way DOM APIs make one, so `err.name === 'AbortError'` checks work. */
export function abortError(message = 'The operation was aborted.'): DOMException {
  return new DOMException(message, 'AbortError');
}

/**
 * A call aborted because its worker ended: it crashed (`worker-crashed`),
 * was disposed (`disposed`), or was ended because it did not answer Stop in
 * time and a fresh one took its place (`worker-restarted`). Named `AbortError`, as DOM aborts are, so code
 * that checks `err.name === 'AbortError'` sees an abort, and it still carries
 * the code that says why.
 */
export class WorkerEndedError extends PageloopError {
  override name = 'AbortError';
  constructor(code: 'worker-crashed' | 'disposed' | 'worker-restarted', message: string) {
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
