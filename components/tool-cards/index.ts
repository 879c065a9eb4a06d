/**
 * The tool-cards room's face: the calls' cards (`ToolCards`, which loads the
 * card, tool-card.ts, with the first call or before it), the tools' own UIs
 * in their cards (`ToolViews`, which loads tool-view.ts when the agent has a
 * tool that renders), and the idle-time loading of the tools' first-call
 * chunks. The chunks' types are exported as types only.
 */
export { ToolCards } from './tool-cards.js';
export { ToolViews } from './tool-views.js';
export { warmUpTools } from './tool-warmup.js';
export { UndoBar } from './undo-bar.js';
export type { UndoBinding } from './undo-bar.js';
export type { ToolViewsBinding } from './tool-views.js';
export type { RenderedView } from './tool-view.js';
export type { CardParts, SubAgentDrawing } from './tool-card.js';
export type { ToolCardWords } from './tool-card-words.js';
export type { UndoWords } from './undo-words.js';
