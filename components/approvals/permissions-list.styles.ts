/**
 * Styles of the "Always allow" list (permissions-list.ts): its frame is the
 * element's drawer (`.drawer`, chat-drawers.styles.ts), a little denser; these
 * are its rows, from the element's custom properties only, so both themes hold.
 * Adopted when the list's chunk loads.
 */
import { css } from 'lit';

/** The list's rules. */
export const permissionsStyles = css`
  .drawer.permissions { padding: 4px 10px; font-size: 0.92em; }
  .permission { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 2px 0; }
  .permission-tool { font-family: var(--agent-chat-mono-font); overflow-wrap: anywhere; }
  .permission button { font-size: 0.9em; padding: 2px 8px; }
`;
