/**
 * The tool-cards room's face: a call's card, the tools' own UIs in their
 * cards (`ToolViews`, which loads tool-view.ts when the agent has a tool that
 * renders), and the idle-time loading of the tools' first-call chunks.
 */
export { renderToolCard } from './tool-card.js';
export { ToolViews } from './tool-views.js';
export { warmUpTools } from './tool-warmup.js';
export type { ToolViewsBinding } from './tool-views.js';
export type { RenderedView } from './tool-view.js';
export type { SubAgentDrawing } from './tool-card.js';
