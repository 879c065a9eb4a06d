/**
 * The a2ui room's face: which tool cards show an A2UI surface (up front, a
 * test on the call) and the loader of the chunk that draws them — the
 * views, the surface card, the official renderer and the check
 * (a2ui-views.ts), loaded with the first card that shows a surface. The
 * chunk's types are exported as types only.
 */
export { showsSurface, isSurfaceActivity, A2UI_ACTIVITY } from './a2ui-cards.js';

/** The surfaces' views (a2ui-views.ts), with the card element and the official renderer. */
export const loadA2uiViews = (): Promise<typeof import('./a2ui-views.js')> => import('./a2ui-views.js');

export type { A2uiHost } from './a2ui-views.js';
export type { A2uiActionDetail, A2uiSurfaceCard } from './a2ui-surface-card.js';
export type { A2uiWords } from './a2ui-words.js';
