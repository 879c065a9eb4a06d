/**
 * Which tool cards of `<agent-chat>` show an A2UI surface: a `render_a2ui`
 * call, and a call whose result carries A2UI messages (`{ a2ui: [...] }`, a
 * page tool's). Kept to one test, since every page loads it: the drawing
 * (a2ui-views.ts, the official renderer, the check) is a chunk of its own,
 * loaded with the first card that shows a surface.
 */
import { A2UI_TOOL_NAME } from '../../src/a2ui-types.js';
import type { ToolCallItem } from '../conversation/index.js';

/** True when call `item`'s card shows a surface. */
export function showsSurface(item: ToolCallItem): boolean {
  return item.name === A2UI_TOOL_NAME || Array.isArray((item.result as { a2ui?: unknown } | null | undefined)?.a2ui);
}
