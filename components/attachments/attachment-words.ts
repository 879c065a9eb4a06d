/** The attachments' words in English: the ids every catalog translates (components/i18n/words.ts). */
export const attachmentWords = {
  attachFiles: 'Attach files',
  attachFilesTitle: 'Attach files (or drop or paste them here)',
  preparingAttachments: 'Preparing attachments…',
  dropFiles: 'Drop files to attach',
  attachedCount: (count: number) => (count === 1 ? 'Attached: 1 file' : `Attached: ${count} files`),
  removeFile: (name: string) => `Remove ${name}`,
  remove: 'Remove',
  openImage: (name: string) => `Open image ${name}`,
  download: 'Download',
  notKept: 'not kept',
  close: 'Close',
};

/** The attachments' words, as the element's language writes them. */
export type AttachmentWords = typeof attachmentWords;
