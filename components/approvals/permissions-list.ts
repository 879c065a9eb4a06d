/**
 * The "Always allow" list's markup (part `permissions`; its controller,
 * with the list's state, is permissions-panel.ts): a small disclosure of the
 * tools allowed for good, each with a Revoke button. A chunk of its own with
 * its styles, loaded the first time a tool is allowed for good (lazy-view.ts),
 * with what its Revoke button does (the controller keeps only the list's state).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Agent } from '../../src/types.js';

/** Its styles, adopted by the element when this module loads (lazy-view.ts). */
export { permissionsStyles as styles } from './permissions-list.styles.js';

/** The list of `tools` (at least one, or an `error` to show); `revoke` takes one back. */
export function renderPermissions(tools: readonly string[], error: string | undefined, revoke: (tool: string) => void): TemplateResult {
  const count = tools.length === 1 ? '1 tool' : `${tools.length} tools`;
  return html`<details part="permissions" class="drawer permissions">
    <summary><span class="drawer-title">Always allowed</span> <span class="drawer-detail">${count}</span></summary>
    ${error ? html`<p class="drawer-error" role="alert">${error}</p>` : nothing}
    <ul class="drawer-items" aria-label="Tools that run without asking">
      ${tools.map(
        (tool) => html`<li class="permission" data-tool=${tool}>
          <code class="permission-tool">${tool}</code>
          <button part="revoke-button" aria-label=${`Revoke: ask before ${tool} runs`} @click=${() => revoke(tool)}>Revoke</button>
        </li>`,
      )}
    </ul>
  </details>`;
}

/** Revokes `tool` for good; resolves with the error to show, or undefined once it is revoked. */
export async function revokeTool(agent: Agent, tool: string): Promise<string | undefined> {
  try {
    await agent.revokePermission(tool);
    return undefined;
  } catch (err) {
    return `Could not revoke ${tool}: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** After a revoke (the list drawn again), focus goes to the Revoke button now at `at`, else the composer: the button pressed is gone. */
export function focusAfterRevoke(root: ParentNode, at: number): void {
  const buttons = [...root.querySelectorAll<HTMLElement>('[part~="revoke-button"]')];
  (buttons[Math.min(at, buttons.length - 1)] ?? root.querySelector<HTMLElement>('textarea[part~="input"]'))?.focus();
}
