/** The attachments' words in English, up front (the button, the drop target): the ids every catalog translates (components/i18n/words.ts). */
export const attachmentWords = {
  attachFiles: 'Attach files',
  attachFilesTitle: 'Attach files (or drop or paste them here)',
  preparingAttachments: 'Preparing attachments…',
  dropFiles: 'Drop files to attach',
};

/** The attachments' words up front, as the element's language writes them. */
export type AttachmentWords = typeof attachmentWords;
