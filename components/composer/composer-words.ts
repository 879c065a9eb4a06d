/** The composer's words in English: the ids every catalog translates (components/i18n/words.ts). */
export const composerWords = {
  message: 'Message',
  placeholder: 'Message the assistant…  (/help for commands)',
  send: 'Send',
  commandsNotLoaded: (detail: string) => `Commands are not available: their code did not load (${detail}). What you typed is kept.`,
};

/** The composer's words, as the element's language writes them. */
export type ComposerWords = typeof composerWords;
