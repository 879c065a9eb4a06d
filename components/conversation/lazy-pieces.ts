/**
 * The conversation room's pieces that load on first use, each a chunk of
 * its own: the plan (with the first `plan` event) and a sub-agent's work
 * (with the first `dispatch_agent` card that has one). The element draws
 * them through `LazyView` (lazy-view.ts) with these loaders; nothing else
 * of theirs is reached from outside the room.
 */

/** The plan's view (plan-view.ts). */
export const loadPlanView = (): Promise<typeof import('./plan-view.js')> => import('./plan-view.js');

/** A sub-agent's view (sub-agent-view.ts). */
export const loadSubAgentView = (): Promise<typeof import('./sub-agent-view.js')> => import('./sub-agent-view.js');
