/**
 * The library's errors in the element's words, by code (src/error-codes.ts):
 * message `err` + the code in PascalCase, its parameters the error's
 * `params` in this order (`http`: `status`; `timeout`: `seconds`). The
 * banner (run-status.ts) writes an error with the catalog's message (or the
 * app's `labels`) and keeps the English message as its raw detail; in
 * English, and for a code not listed here, the error's own message shows —
 * it says more than these lines. So this table is never loaded by the page:
 * it is the list the catalogs' check holds them to, the type of `labels`,
 * and the English an app's translators start from.
 */
export const errorWords = {
  errHttp: (status: string) => `The model server answered with an error (HTTP ${status}).`,
  errNetwork: 'The model server could not be reached. Check the connection and the address.',
  errTimeout: (seconds: string) => `The model server did not answer within ${seconds} s.`,
  errStream: 'The reply stopped halfway: the connection to the model server broke.',
  errEmptyResponse: 'The model sent an empty reply.',
  errContextOverflow: "The conversation no longer fits the model's context window.",
  errBusy: 'A reply is already running: wait for it to end, or stop it.',
  errWorkerCrashed: "The assistant's worker stopped unexpectedly. Reload the page to start again.",
  errStorageQuota: "The browser's storage is full: this conversation is kept in memory only.",
  errRefused: 'Refused by a security rule (an address not on the allow-list).',
  errVisionUnsupported: 'This model cannot read images. Send the message without the image, or choose a model with vision.',
  errInternal: 'Something went wrong inside the assistant.',
};

export type ErrorWords = typeof errorWords;
