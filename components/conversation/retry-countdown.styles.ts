/**
 * Styles of the retry countdown's line (retry-countdown.ts), loaded with it
 * and added to `<agent-chat>`'s adopted sheets. The pulse moves only when the
 * user allows motion.
 */
import { css } from 'lit';

/** The countdown line's rules. */
export const retryStyles = css`
  .retry { display: inline-flex; align-items: baseline; gap: 6px; font-variant-numeric: tabular-nums; }
  .retry-pulse {
    flex: 0 0 auto; width: 0.55em; height: 0.55em; border-radius: 50%;
    background: var(--agent-chat-accent); align-self: center;
    animation: agent-chat-retry-pulse 1s ease-in-out infinite alternate;
  }
  @keyframes agent-chat-retry-pulse { from { opacity: 1; } to { opacity: 0.3; } }
  @media (prefers-reduced-motion: reduce) {
    .retry-pulse { animation: none; }
  }
`;
