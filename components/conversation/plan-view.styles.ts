/**
 * Styles of the plan (plan-view.ts), loaded with it and added to
 * `<agent-chat>`'s adopted sheets. Colours come from the element's custom
 * properties only, so both themes hold.
 */
import { css } from 'lit';

/** The plan's rules. */
export const planStyles = css`
  /* Its frame and disclosure marks are the drawers' (class drawer, chat-drawers.styles.ts); its summary wraps. */
  .plan > summary { flex-wrap: wrap; gap: 0 6px; }
  .plan-title { font-weight: 600; }
  .plan-count, .plan-current { color: var(--agent-chat-muted); font-size: 0.92em; }
  .plan-current { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 100%; }
  .plan-tasks { list-style: none; margin: 6px 0 2px; padding: 0; max-height: 12em; overflow-y: auto; }
  .plan-task { display: flex; gap: 8px; padding: 3px 6px; border-radius: 6px; }
  .plan-task + .plan-task { margin-top: 2px; }
  .plan-task[data-status='in_progress'] {
    background: var(--agent-chat-bg);
    box-shadow: inset 3px 0 0 var(--agent-chat-accent);
    font-weight: 600;
  }
  .plan-icon { width: 1.2em; text-align: center; flex: 0 0 auto; color: var(--agent-chat-muted); }
  .plan-task[data-status='in_progress'] .plan-icon { color: var(--agent-chat-accent); }
  .plan-task[data-status='completed'] .plan-icon { color: var(--agent-chat-success); }
  .plan-task[data-status='failed'] .plan-icon { color: var(--agent-chat-danger); }
  .plan-task[data-status='completed'] .plan-task-title { color: var(--agent-chat-muted); text-decoration: line-through; }
  .plan-task-body { display: flex; flex-wrap: wrap; gap: 0 8px; align-items: baseline; min-width: 0; overflow-wrap: anywhere; }
  .plan-status { font-size: 0.8em; font-weight: 400; padding: 0 6px; border-radius: 999px; color: var(--agent-chat-muted); border: 1px solid var(--agent-chat-border); }
  .plan-status[data-status='failed'] { color: var(--agent-chat-danger); border-color: var(--agent-chat-danger); }
  .plan-status[data-status='blocked'] { color: var(--agent-chat-fg); background: var(--agent-chat-warning-bg); }
  .plan-deps, .plan-note { flex-basis: 100%; font-size: 0.85em; font-weight: 400; color: var(--agent-chat-muted); }
`;
