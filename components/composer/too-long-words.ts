/**
 * The too-long warning's words in English (too-long.ts, a chunk of its own,
 * carries them): the ids every catalog translates (components/i18n/words.ts).
 * Counts come formatted in the element's language, each followed by the
 * same number as a number (`…Count`, `count`), which picks the noun's form;
 * an app's `labels` written for the formatted ones alone still work.
 */
export const tooLongWords = {
  tooLongText: (tokens: string, chars: string, window: string, tokenCount: number, charCount: number) =>
    `This message is about ${tokens} ${tokenCount === 1 ? 'token' : 'tokens'} (${chars} ${charCount === 1 ? 'character' : 'characters'}); the model's context window is ${window}. Sent as it is, only its start and end reach the model (the whole message stays in the conversation).`,
  tooLongWindow: (tokens: string, count: number) => `${tokens} ${count === 1 ? 'token' : 'tokens'}`,
  tooLongWindowAssumed: (tokens: string, count: number) => `${tokens} ${count === 1 ? 'token' : 'tokens'} (assumed: the model has not said)`,
  sendAnyway: 'Send anyway',
  trimToFit: (chars: string, count: number) => `Trim to fit (${chars} ${count === 1 ? 'character' : 'characters'})`,
};

export type TooLongWords = typeof tooLongWords;
