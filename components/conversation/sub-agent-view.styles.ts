/**
 * Styles of a sub-agent's nested view (sub-agent-view.ts): the element's own
 * custom properties only, so both themes and every page override apply.
 */
import { css } from 'lit';

/** Adopted by `<agent-chat>` when the sub-agent view loads. */
export const subAgentStyles = css`
  .sub-agent {
    margin-top: 6px;
    padding: 4px 8px;
    border-inline-start: 2px solid var(--agent-chat-border);
    background: var(--agent-chat-surface);
    border-radius: 0 calc(var(--agent-chat-radius) * 0.6) calc(var(--agent-chat-radius) * 0.6) 0;
  }
  .sub-agent > summary { cursor: pointer; list-style: none; display: flex; flex-wrap: wrap; gap: 0 6px; align-items: baseline; }
  .sub-agent > summary::-webkit-details-marker { display: none; }
  .sub-agent > summary::before { content: '▸'; color: var(--agent-chat-muted); }
  .sub-agent[open] > summary::before { content: '▾'; }
  .sub-agent-title { font-weight: 600; }
  .sub-agent-state { color: var(--agent-chat-muted); font-size: 0.92em; }
  .sub-agent-log { display: flex; flex-direction: column; gap: 6px; margin: 6px 0 2px; }
  .sub-agent-text { overflow-wrap: anywhere; }
  .sub-agent-plain { white-space: pre-wrap; }
  .sub-agent-markdown > :first-child { margin-top: 0; }
  .sub-agent-markdown > :last-child { margin-bottom: 0; }
  .sub-agent-thinking { display: block; color: var(--agent-chat-muted); font-size: 0.92em; }
  .sub-agent-notice { margin: 0; color: var(--agent-chat-muted); font-size: 0.9em; }
  .sub-agent-error { color: var(--agent-chat-danger); }
  .sub-agent .tool-call { background: var(--agent-chat-bg); }
`;
