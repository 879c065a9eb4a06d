/**
 * How failures cross the worker boundary: types only. A worker method that
 * fails rejects; Comlink's throw handler, replaced on both sides
 * (`crossErrors` in src/errors.ts), sends the error as a `WireError` and
 * rebuilds a `PageloopError` from it, so `code` and `retryable` survive.
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
  /** Stop was not answered by the agent's worker in time (code in it was busy): the worker was ended and a fresh one started for the same agent (option `stopGraceMs`). */
  | 'worker-restarted'
  | 'storage'
  /** The browser refused to store more (the origin's quota is used up); the conversation goes on in memory. */
  | 'storage-quota'
  /** IndexedDB cannot be used here (private mode, disabled, or it failed to open); the conversation lives in memory. */
  | 'storage-unavailable'
  /** Another tab holds the thread store open at another version and does not let go; the conversation lives in memory. */
  | 'storage-blocked'
  | 'tools-unsupported'
  /** The request did not fit the model's context window (even after folding the history). */
  | 'context-overflow'
  /** A model file that is not GGUF, is cut short or corrupt, or has no chat template. */
  | 'model-file'
  /** The in-page model does not fit in the memory the page can have. */
  | 'out-of-memory'
  /** A policy said no: an origin not on the allow-list, a redirect to another origin. */
  | 'refused'
  /** `runWorkflow` named a workflow the agent does not have. */
  | 'unknown-workflow'
  /** Anything else: a bug or an error pageloop did not expect. */
  | 'internal'
  /** The model server did not answer, or stopped sending, within the configured time; retryable. */
  | 'timeout'
  /** A file refused by the `attachments` limits (see `AttachmentRefusalCode`): nothing was sent. */
  | 'attachment-too-large'
  | 'attachments-too-large'
  | 'too-many-attachments'
  | 'attachment-type'
  | 'attachment-unreadable'
  /** The server refused an image: the model has no vision (the message names the model and the fix; resend without the image). */
  | 'vision-unsupported'
  /** The thread is open in another tab, which writes it: this agent shows it read-only (see `thread-lock`). */
  | 'thread-busy'
  /** A server answered, but not in the protocol the agent speaks to it (option `agui`: not an AG-UI event stream, or events out of order). */
  | 'protocol'
  /** A remote agent (option `agui`) reported that its run failed (AG-UI `RUN_ERROR`); the message is the server's. */
  | 'remote-error'
  /** `agent.undo` / `undoRun` named a call or run that cannot be undone (unknown, not finished, already undone, or a tool without `undo`). */
  | 'not-undoable';

/** An error's form on the wire: plain data, since `instanceof` does not survive structured cloning. */
export interface WireError {
  code: ErrorCode;
  message: string;
  retryable: boolean;
  /** What the message says, as values (`{ status: 404 }` for `http`), so an app — and `<agent-chat>`'s catalogs — can write it in its own words. */
  params?: ErrorParams;
}

/** An error's values by name, in the order its message says them (docs-site/guide/localisation.md lists them by code). */
export type ErrorParams = Readonly<Record<string, string | number>>;
