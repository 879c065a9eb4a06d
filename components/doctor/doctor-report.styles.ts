/**
 * Styles of the doctor's checklist (doctor-report.ts): the element's own
 * custom properties only, so both themes and every page override apply. The
 * status is a word in a chip (never colour alone); the chip's colours are the
 * element's text colours on its surface, legible in light and dark.
 */
import { css } from 'lit';

/** Added to `<agent-chat>`'s stylesheet. */
export const doctorStyles = css`
  .doctor {
    border: 1px solid var(--agent-chat-border);
    border-radius: var(--agent-chat-radius);
    padding: calc(var(--agent-chat-spacing) * 0.75);
    background: var(--agent-chat-bg);
    overflow-wrap: anywhere;
  }
  .doctor-title { margin: 0; font-weight: 600; }
  .doctor-subject { font-family: var(--agent-chat-mono-font); font-weight: 400; font-size: 0.9em; color: var(--agent-chat-muted); }
  .doctor-summary, .doctor-state { margin: 4px 0 0; }
  .doctor-time { color: var(--agent-chat-muted); font-size: 0.9em; }
  .doctor-error { color: var(--agent-chat-danger); }
  /* A button of the element (its look and focus ring are agent-chat.styles.ts's), a little tighter. */
  .doctor-cancel { margin-inline-start: 8px; padding: 2px 10px; }
  .doctor-checks { list-style: none; margin: 8px 0 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
  .doctor-check {
    display: grid;
    grid-template-columns: 5.5em 1fr;
    column-gap: 8px;
    padding: 6px 8px;
    border-radius: calc(var(--agent-chat-radius) * 0.6);
    background: var(--agent-chat-surface);
    border-inline-start: 3px solid var(--agent-chat-border);
  }
  .doctor-check.pass { border-inline-start-color: var(--agent-chat-success); }
  .doctor-check.warn { border-inline-start-color: #b58400; background: var(--agent-chat-warning-bg); }
  .doctor-check.fail { border-inline-start-color: var(--agent-chat-danger); background: var(--agent-chat-danger-bg); }
  .doctor-status { grid-row: span 3; font-size: 0.82em; font-weight: 600; text-transform: uppercase; letter-spacing: 0.02em; padding-top: 0.15em; }
  .doctor-check.pass .doctor-status { color: var(--agent-chat-success); }
  .doctor-check.fail .doctor-status { color: var(--agent-chat-danger); }
  .doctor-check.skip .doctor-status, .doctor-check.skip .doctor-detail { color: var(--agent-chat-muted); }
  .doctor-label { font-weight: 600; }
  .doctor-detail, .doctor-fix { display: block; }
  .doctor-fix { margin-top: 2px; }
  @media (max-width: 460px) {
    .doctor-check { grid-template-columns: 1fr; }
    .doctor-status { grid-row: auto; }
  }
`;
