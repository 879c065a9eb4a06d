/**
 * The thread list's words in English: the ids every catalog translates
 * (components/i18n/words.ts). In the list's chunk (thread-list.ts), loaded
 * the first time `show-threads` is on: a page without the list carries none
 * of them. Dates and relative times are the locale's formats (`I18n.format`),
 * English's written without ICU (format-time.ts).
 */
export const threadWords = {
  threads: 'Threads',
  newThread: 'New thread',
  stopToSwitch: 'Stop the reply to switch threads.',
  notSavedYet: 'Not saved yet',
  untitledThread: 'Untitled thread',
  messageCount: (count: number, shown: string) => (count === 1 ? '1 message' : `${shown} messages`),
  deleteThreadAsk: (title: string) => `Delete “${title}”?`,
  deleteThisThread: 'Delete this thread?',
  deleteThread: 'Delete',
  cancelThread: 'Cancel',
  renameThread: 'Rename',
  renameThreadLabel: (title: string) => `Rename “${title}”`,
  deleteThreadLabel: (title: string) => `Delete “${title}”`,
  newTitleOf: (title: string) => `New title of “${title}”`,
  saveTitle: 'Save',
  threadsNotRead: (reason: string) => `The threads could not be read: ${reason}`,
  threadNotDeleted: (reason: string) => `The thread could not be deleted: ${reason}`,
  threadNotRenamed: (reason: string) => `The thread could not be renamed: ${reason}`,
};

/** The thread list's words, as the element's language writes them. */
export type ThreadWords = typeof threadWords;
