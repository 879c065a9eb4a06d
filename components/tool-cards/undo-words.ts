/**
 * The Undo buttons' words in English (undo-bar-view.ts, a chunk of its own,
 * carries them): the ids every catalog translates (components/i18n/words.ts).
 */
export const undoWords = {
  undone: 'Undone',
  undoFailed: (reason: string) => `Could not undo: ${reason}`,
  undo: 'Undo',
  undoCall: (tool: string) => `Undo ${tool}`,
  undoAll: 'Undo all',
};

export type UndoWords = typeof undoWords;
