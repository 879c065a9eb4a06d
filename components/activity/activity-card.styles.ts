import { css } from 'lit';

/** The plain activity card: a quiet framed box in the log, drawn with the element's own custom properties (light and dark follow them). */
export const activityStyles = css`
  .activity {
    border: 1px solid var(--agent-chat-border);
    border-radius: var(--agent-chat-radius);
    background: var(--agent-chat-surface);
    padding: calc(var(--agent-chat-spacing) * 0.6) var(--agent-chat-spacing);
  }
  .activity-type {
    font-weight: 600;
    margin-bottom: 0.25em;
  }
  .activity-field {
    overflow-wrap: anywhere;
  }
  .activity-key {
    color: var(--agent-chat-muted);
  }
`;
