/**
 * The too-long warning's words in English (too-long.ts, a chunk of its own,
 * carries them): the ids every catalog translates (components/i18n/words.ts).
 * Counts come formatted in the element's language.
 */
export const tooLongWords = {
  tooLongText: (tokens: string, chars: string, window: string) =>
    `This message is about ${tokens} tokens (${chars} characters); the model's context window is ${window}. Sent as it is, only its start and end reach the model (the whole message stays in the conversation).`,
  tooLongWindow: (tokens: string) => `${tokens} tokens`,
  tooLongWindowAssumed: (tokens: string) => `${tokens} tokens (assumed: the model has not said)`,
  sendAnyway: 'Send anyway',
  trimToFit: (chars: string) => `Trim to fit (${chars} characters)`,
};

export type TooLongWords = typeof tooLongWords;
