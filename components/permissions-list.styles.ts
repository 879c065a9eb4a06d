/**
 * Styles of the "Always allow" list (permissions-list.ts): a drawer like the
 * thread list's frame (chat-drawers.styles.ts), from the element's custom
 * properties only, so both themes hold. Adopted when the list's chunk loads.
 */
import { css } from 'lit';

/** The list's rules. */
export const permissionsStyles = css`
  .permissions {
    flex: 0 0 auto;
    margin: var(--agent-chat-spacing) var(--agent-chat-spacing) 0;
    border: 1px solid var(--agent-chat-border);
    border-radius: var(--agent-chat-radius);
    background: var(--agent-chat-surface);
    padding: 4px 10px;
    font-size: 0.92em;
  }
  .permissions summary {
    cursor: pointer; list-style: none; display: flex; gap: 0 8px; align-items: baseline; min-width: 0;
  }
  .permissions summary::-webkit-details-marker { display: none; }
  .permissions summary::before { content: '▸'; color: var(--agent-chat-muted); }
  .permissions[open] summary::before { content: '▾'; }
  .permissions-title { font-weight: 600; flex: 0 0 auto; }
  .permissions-count {
    color: var(--agent-chat-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0;
  }
  .permissions-error { color: var(--agent-chat-danger); margin: 6px 0 0; }
  .permission-items {
    list-style: none; margin: 8px 0 2px; padding: 0; max-height: 16em; overflow-y: auto;
  }
  .permission { display: flex; align-items: center; justify-content: space-between; gap: 8px; padding: 2px 0; }
  .permission-tool { font-family: var(--agent-chat-mono-font); overflow-wrap: anywhere; }
  .permission button { font-size: 0.9em; padding: 2px 8px; }
`;
