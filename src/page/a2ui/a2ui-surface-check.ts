/**
 * The check of a surface a tool's result carries (a page tool's `a2ui`, an
 * MCP server's A2UI resource), before the result is passed on: the same
 * check as `render_a2ui`'s arguments, against the agent's catalogs (the
 * basic catalog when option `a2ui` is off), so a refused surface is the
 * call's error the model reads, and nothing of it draws.
 */
import type { A2uiOptions } from '../../a2ui-types.js';
import type { SurfaceCheck } from '../../protocol/agent.js';
import { catalogSet } from './a2ui-catalogs.js';
import { checkA2ui } from './a2ui-check.js';

/** Checks A2UI `messages` against option `a2ui`'s catalogs and limits. */
export function checkSurface(messages: unknown, option: boolean | A2uiOptions | undefined): SurfaceCheck {
  try {
    const result = checkA2ui(messages, catalogSet(option));
    return result.ok ? { ok: true } : { ok: false, error: result.error };
  } catch (err) {
    return { ok: false, error: `The page's A2UI catalogs cannot be read: ${err instanceof Error ? err.message : String(err)}` };
  }
}
