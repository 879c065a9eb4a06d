/**
 * One error base with a stable string `code`. Errors cross the worker as plain
 * `{ code, message }` objects, because `instanceof` does not survive structured cloning.
 */

/** Stable error codes; code that reacts to errors switches on these. */
export type ErrorCode =
  | 'aborted'
  | 'bad-request'
  | 'http'
  | 'network'
  | 'stream'
  | 'empty-response'
  | 'invalid-tool'
  | 'busy'
  | 'disposed'
  | 'worker-crashed'
  | 'storage'
  | 'tools-unsupported'
  /** A policy said no: an origin not on the allow-list, a redirect to another origin. */
  | 'refused'
  /** Anything else: a bug or an error pageloop did not expect. */
  | 'internal';

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

/** An error's form on the wire. */
export interface WireError {
  code: ErrorCode;
  message: string;
  retryable: boolean;
}

/** Turns anything thrown into its wire form. */
export function toWireError(err: unknown): WireError {
  if (err instanceof PageloopError) return { code: err.code, message: err.message, retryable: err.retryable };
  if (isAbortError(err)) return { code: 'aborted', message: 'The operation was aborted.', retryable: false };
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message, retryable: false };
}

/** An AbortError, the way DOM APIs make one, so `err.name === 'AbortError'` checks work. */
export function abortError(message = 'The operation was aborted.'): DOMException {
  return new DOMException(message, 'AbortError');
}

/** True for anything that means "aborted": DOM AbortErrors and our `aborted` code. */
export function isAbortError(err: unknown): boolean {
  if (err instanceof PageloopError) return err.code === 'aborted';
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}
