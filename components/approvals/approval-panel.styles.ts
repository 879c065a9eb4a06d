/**
 * Styles of the approval panels (approval-panel.ts, deny-reason.ts): the
 * element's own custom properties only, so both themes and every page
 * override apply. Adopted by `<agent-chat>` when the panels' chunk loads.
 */
import { css } from 'lit';

/** The panels' rules. */
export const approvalStyles = css`
  .approval {
    margin-top: 8px;
    padding: 8px 10px;
    border-radius: calc(var(--agent-chat-radius) * 0.6);
    background: var(--agent-chat-warning-bg);
    border: 1px solid var(--agent-chat-border);
  }
  .approval-label { margin: 0 0 6px; }
  .approval-actions { display: flex; flex-wrap: wrap; gap: 6px; }
  .args-editor {
    direction: ltr;
    width: 100%;
    font-family: var(--agent-chat-mono-font);
    font-size: 0.9em;
    color: var(--agent-chat-fg);
    background: var(--agent-chat-bg);
    border: 1px solid var(--agent-chat-border);
    border-radius: 6px;
    padding: 6px;
    margin-bottom: 6px;
  }
  .args-editor[aria-invalid='true'] { border-color: var(--agent-chat-danger); }
  .args-error { color: var(--agent-chat-danger); margin: 0 0 6px; font-size: 0.9em; white-space: pre-wrap; }
  .deny-reason { margin-top: 6px; }
  .deny-reason summary {
    display: inline-block; cursor: pointer; color: var(--agent-chat-muted); font-size: 0.9em;
    border-radius: 4px; padding: 2px 4px;
  }
  .deny-reason summary:hover { color: var(--agent-chat-fg); }
  .deny-reason-form { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin-top: 6px; }
  .deny-reason-form label { flex-basis: 100%; font-size: 0.9em; }
  .deny-reason-form input {
    flex: 1 1 12em; min-width: 0; font: inherit; color: var(--agent-chat-fg); background: var(--agent-chat-bg);
    border: 1px solid var(--agent-chat-border); border-radius: 6px; padding: 4px 8px;
  }
  .preview-steps { list-style: none; margin: 0 0 8px; padding: 0; display: grid; gap: 4px; }
  .preview-step {
    display: grid; grid-template-columns: auto 1fr; column-gap: 8px; align-items: baseline;
    padding: 4px 6px; border-radius: 6px; background: var(--agent-chat-bg); border: 1px solid var(--agent-chat-border);
    overflow-wrap: anywhere;
  }
  .preview-step:hover, .preview-step:focus-visible { border-color: var(--agent-chat-accent); }
  .step-n {
    grid-row: span 3; min-width: 1.5em; text-align: center; border-radius: 999px; font-size: 0.85em; font-weight: 600;
    background: var(--agent-chat-accent); color: var(--agent-chat-accent-fg);
  }
  .step-change, .step-note { grid-column: 2; font-size: 0.9em; color: var(--agent-chat-muted); }
  .step-from { text-decoration: line-through; }
  .step-to { color: var(--agent-chat-fg); font-weight: 600; }
  .preview-step[data-target='gone'] { border-color: var(--agent-chat-danger); }
  .preview-step[data-target='gone'] .step-note, .preview-error { color: var(--agent-chat-danger); }
  .preview-error { margin: 0 0 6px; font-size: 0.9em; }
`;
