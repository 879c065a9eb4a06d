/**
 * The trace drawer's words in English (its button and loading line): the
 * ids every catalog translates (components/i18n/words.ts). The waterfall
 * inside (`<agent-trace>`) has its own, in its chunk (agent-trace-words.ts).
 */
export const traceWords = {
  trace: 'Trace',
  traceOfRun: 'Trace of this run',
  loadingTrace: 'Loading the trace…',
  traceNotLoaded: (detail: string) => `The trace view could not be loaded: ${detail}`,
  closeTrace: 'Close',
};

/** The trace drawer's words, as the element's language writes them. */
export type TraceWords = typeof traceWords;
