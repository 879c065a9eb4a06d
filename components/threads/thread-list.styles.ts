/**
 * Styles of the thread list's rows and actions (thread-list.ts), loaded with
 * the list and added to the element's adopted sheets; the drawer's frame,
 * shared with the "Always allow" list, is up front (chat-drawers.styles.ts).
 * Colours come from the element's custom properties only, so both themes hold.
 */
import { css } from 'lit';

/** Added to `<agent-chat>`'s stylesheets when the list first loads. */
export const threadListStyles = css`
  .threads-body { margin-top: 8px; }
  .threads-actions { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: center; }
  .threads-note, .thread-meta { color: var(--agent-chat-muted); font-size: 0.85em; }
  .thread {
    display: flex; flex-wrap: wrap; align-items: center; gap: 4px 6px;
    padding: 2px; border-radius: 6px;
  }
  .thread + .thread { border-top: 1px solid var(--agent-chat-border); }
  .thread-open {
    flex: 1 1 12em; min-width: 0; display: flex; flex-direction: column; align-items: flex-start;
    text-align: start; background: transparent; border-color: transparent; padding: 4px 8px;
  }
  .thread-open[aria-current='true'] {
    background: var(--agent-chat-bg);
    box-shadow: inset 3px 0 0 var(--agent-chat-accent);
  }
  .thread-open[aria-current='true'] .thread-title { font-weight: 600; }
  .thread-title { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .thread-row-actions, .thread-confirm { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
  .thread-row-actions button, .thread-confirm button, .thread-rename-form button { font-size: 0.85em; padding: 2px 8px; }
  .thread-confirm-text { font-size: 0.85em; }
  button.danger { background: var(--agent-chat-danger); border-color: var(--agent-chat-danger); color: var(--agent-chat-bg); }
  .thread-rename-form { flex: 1 1 100%; display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
  .thread-title-input {
    flex: 1 1 10em; min-width: 0; font: inherit; color: var(--agent-chat-fg); background: var(--agent-chat-bg);
    border: 1px solid var(--agent-chat-border); border-radius: 6px; padding: 3px 8px;
  }
`;
