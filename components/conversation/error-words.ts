/**
 * The library's errors in the element's words, by code (src/error-codes.ts;
 * every code has one — test/components/i18n/notice-words.test.ts checks it):
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
  errAborted: 'Stopped before it was finished.',
  errBadRequest: 'The assistant was asked for something it cannot do as asked: a setting or a value is not valid.',
  errInvalidTool: 'A tool of this page is not set up correctly, so the assistant cannot use it.',
  errDisposed: 'The assistant was shut down on this page. Reload the page to start again.',
  errWorkerRestarted: "Stopped: the assistant's worker did not answer in time, so it was ended and a fresh one started.",
  errStorage: 'The conversation could not be saved in the browser.',
  errStorageUnavailable: "The browser's storage cannot be used here (private browsing, or it is turned off): this conversation is kept in memory only.",
  errStorageBlocked: "Another tab holds this site's storage open at another version: this conversation is kept in memory only. Reload or close the other tab.",
  errToolsUnsupported: 'This model or its server does not accept tools. Choose a model made for tool calls, or the text tool protocol.',
  errModelFile: 'The model file cannot be used: it is not a GGUF model, it is cut short or damaged, or it has no chat template.',
  errOutOfMemory: 'The model does not fit in the memory this page can use. Choose a smaller model or quantisation.',
  errUnknownWorkflow: 'This assistant has no workflow of that name. Type /workflow to see its workflows.',
  errAttachmentTooLarge: 'A file is larger than one file may be: nothing was sent.',
  errAttachmentsTooLarge: 'The files together are more than one message may carry: nothing was sent.',
  errTooManyAttachments: 'Too many files for one message: nothing was sent.',
  errAttachmentType: 'A file of this type cannot be attached here: nothing was sent.',
  errAttachmentUnreadable: 'A file could not be read (an image that does not open, or text that is not UTF-8): nothing was sent.',
  errThreadBusy: 'This conversation is open in another tab, which writes it. Close it there to continue here.',
  errProtocol: 'The server answered, but not in the protocol the assistant speaks with it.',
  errRemoteError: 'The remote agent reported that its run failed.',
  errNotUndoable: 'This cannot be undone: it is not finished, it was already undone, or its tool has no undo.',
};

export type ErrorWords = typeof errorWords;
