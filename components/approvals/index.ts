/**
 * The approvals room's face: the controllers of the approval panels and of
 * the "Always allowed" list, and the driver of the previews' page
 * overlay (`PreviewOutlines`, which loads preview-overlay.ts with the first preview). Each loads its markup and styles
 * (approval-panel.ts, permissions-list.ts) as a chunk of its own on first
 * need; nothing else of the room is reached from outside.
 */
export { ApprovalController } from './approval-controller.js';
export { PermissionsPanel } from './permissions-panel.js';
export type { ApprovalWords } from './approval-words.js';
export { PreviewOutlines } from './preview-outlines.js';
export type { PreviewWords } from './preview-words.js';
