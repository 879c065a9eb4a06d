/**
 * Styles of the in-page engine's progress line (engine-progress.ts), loaded
 * with it and added to `<agent-chat>`'s adopted sheets. The line itself is a
 * `status-line` (agent-chat.styles.ts), as the status bar is.
 */
import { css } from 'lit';

/** The progress line's rules. */
export const engineProgressStyles = css`
  .engine-progress .engine-label { flex: 1; overflow-wrap: anywhere; }
  .engine-progress progress { flex: 0 0 40%; accent-color: var(--agent-chat-accent); }
  .engine-progress.failed { color: var(--agent-chat-danger); }
`;
