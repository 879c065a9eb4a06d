/**
 * The attachment tray's words in English (the chips, the file lists, the
 * image dialog): the ids every catalog translates (components/i18n/words.ts).
 * In the tray's chunk: a chat without files never loads them.
 */
export const attachmentTrayWords = {
  attachedCount: (count: number) => (count === 1 ? 'Attached: 1 file' : `Attached: ${count} files`),
  removeFile: (name: string) => `Remove ${name}`,
  remove: 'Remove',
  openImage: (name: string) => `Open image ${name}`,
  download: 'Download',
  notKept: 'not kept',
  close: 'Close',
};

/** The tray's words, as the element's language writes them. */
export type AttachmentTrayWords = typeof attachmentTrayWords;
