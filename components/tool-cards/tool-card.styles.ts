/**
 * Styles of a tool call's card (tool-card.ts), loaded with it and added to
 * `<agent-chat>`'s adopted sheets (a sub-agent's nested cards use them too).
 * Colours come from the element's custom properties only, so both themes
 * and every page override apply.
 */
import { css } from 'lit';

/** The card's rules. */
export const toolCardStyles = css`
  .tool-call {
    border: 1px solid var(--agent-chat-border);
    border-radius: var(--agent-chat-radius);
    background: var(--agent-chat-bg);
    padding: calc(var(--agent-chat-spacing) * 0.6) var(--agent-chat-spacing);
  }
  .tool-head { display: flex; align-items: center; gap: 8px; }
  .tool-progress { display: flex; align-items: center; gap: 8px; margin-top: 6px; font-size: 0.85em; color: var(--agent-chat-muted); }
  .tool-progress progress { flex: 0 1 160px; }
  .tool-icon { color: var(--agent-chat-muted); }
  .tool-name { font-weight: 600; overflow-wrap: anywhere; }
  .tool-status {
    margin-inline-start: auto;
    font-size: 0.85em;
    padding: 0 8px;
    border-radius: 999px;
    background: var(--agent-chat-surface);
    color: var(--agent-chat-muted);
    white-space: nowrap;
  }
  .requested-by { font-size: 0.8em; padding: 1px 6px; border-radius: 999px; border: 1px solid currentColor; color: var(--agent-chat-muted); white-space: nowrap; }
  .tool-status[data-status='done'] { color: var(--agent-chat-success); }
  .tool-status[data-status='interrupted'] { background: var(--agent-chat-warning-bg); color: var(--agent-chat-fg); }
  .tool-status[data-status='failed'], .tool-status[data-status='denied'] { color: var(--agent-chat-danger); }
  .tool-status[data-status='awaiting-approval'], .tool-status[data-status='awaiting-input'] { background: var(--agent-chat-warning-bg); color: var(--agent-chat-fg); }
  /* A tool's own UI (its container is in the light DOM, styled by the page). */
  .tool-view { margin-top: 6px; }
  .tool-call.frameless { border: none; padding: 0; background: none; }
  .frameless .tool-view { margin-top: 0; }
  .tool-raw summary, .tool-view-note { cursor: pointer; color: var(--agent-chat-muted); font-size: 0.85em; margin-top: 6px; }
  .tool-view-note { cursor: auto; margin: 6px 0 0; }
  .tool-raw .tool-args { max-height: 10em; }
  .tool-args { margin: 6px 0 0; max-height: 14em; }
  /* While the call waits for approval, its arguments scroll in a shorter box, so the card and its panel fit a 480 px chat (issue 37). */
  .tool-call:has(.approval) .tool-args { max-height: 6em; }
  .tool-result summary { cursor: pointer; color: var(--agent-chat-muted); margin-top: 6px; }
  .tool-result pre { max-height: 16em; margin: 4px 0 0; }
  /* An error is a sentence: wrap it rather than scroll it sideways. */
  .tool-result pre.tool-error { white-space: pre-wrap; overflow-wrap: anywhere; }
  .tool-note { margin: 6px 0 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  .tool-note-label { font-weight: 600; }
  .undo-bar { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 6px; }
  .undo-status { margin: 6px 0 0; font-size: 0.85em; color: var(--agent-chat-muted); }
  .undo-status[data-status='failed'] { color: var(--agent-chat-danger); white-space: pre-wrap; overflow-wrap: anywhere; }
  .tool-call[data-undone] .tool-status { text-decoration: line-through; }
`;
