/**
 * The attachments room's face: the `Attachments` controller (the attach
 * button, drop and paste), which loads the tray (attachment-tray.ts: chips,
 * thumbnails, downloads, the image dialog) on first use, and how the element
 * shows the files `send` was given.
 */
export { Attachments, shownAttachments } from './attachments.js';
export type { AttachmentsBinding } from './attachments.js';
export type { AttachmentWords } from './attachment-words.js';
export type { AttachmentTrayWords } from './attachment-tray-words.js';
