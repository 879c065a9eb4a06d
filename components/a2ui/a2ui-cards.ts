/**
 * Which tool cards of `<agent-chat>` show an A2UI surface: a `render_a2ui`
 * call, and a call whose result carries A2UI messages (`{ a2ui: [...] }`, a
 * page tool's, or an MCP tool's: its `application/a2ui+json` resource or
 * structured content's `a2ui`, read so in the worker, checked on the page).
 * Kept to one test, since every page loads it: the drawing
 * (a2ui-views.ts, the official renderer, the check) is a chunk of its own,
 * loaded with the first card that shows a surface. A remote AG-UI agent's
 * activity of type `a2ui-surface` is one too (AG-UI's A2UI middleware sends
 * its surfaces so, as `{ a2ui_operations: [...] }`).
 */
import { A2UI_TOOL_NAME } from '../../src/a2ui-types.js';
import type { ActivityItem, ToolCallItem } from '../conversation/index.js';

/** True when call `item`'s card shows a surface. */
export function showsSurface(item: ToolCallItem): boolean {
  return item.name === A2UI_TOOL_NAME || Array.isArray((item.result as { a2ui?: unknown } | null | undefined)?.a2ui);
}

/** The activity type AG-UI carries A2UI surfaces in. */
export const A2UI_ACTIVITY = 'a2ui-surface';

/** True when activity `item` is an A2UI surface: its content's `a2ui_operations` (AG-UI's A2UI middleware) is a list of A2UI messages. */
export function isSurfaceActivity(item: ActivityItem): boolean {
  return item.activityType === A2UI_ACTIVITY && Array.isArray(item.content.a2ui_operations);
}
