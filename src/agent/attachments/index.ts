export { AttachmentShelf } from './attachment-shelf.js';
export type { KeptAttachments } from './attachment-shelf.js';
