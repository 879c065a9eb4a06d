/**
 * Styles of the element's drawers — the frame (`.drawer`) of the thread list (`threads`;
 * its rows' rules load with it, thread-list.styles.ts) and the trace
 * (`trace`, and the Trace button under each message); the "Always allow" list's load
 * with it (permissions-list.styles.ts). Kept
 * apart from agent-chat.styles.ts, which includes them; colours come from
 * the element's custom properties only, so both themes hold. The drawers
 * drop down over the top of the log rather than taking a side column, so
 * they fit a 420 px wide chat.
 */
import { css } from 'lit';

/** The drawers' rules. */
export const chatDrawerStyles = css`
  /* A drawer's frame (class drawer): the thread list's, the "Always allowed" list's (permissions-list.ts), the MCP servers' (mcp-drawer.ts) and the plan's (plan-view.ts); each adds only what differs. */
  .drawer {
    /* Shrinks and scrolls inside rather than push the log and the composer out of the element (issue 37). */
    flex: 0 1 auto; min-height: 0; max-height: 50%; overflow-y: auto; overscroll-behavior: contain;
    margin: var(--agent-chat-spacing) var(--agent-chat-spacing) 0;
    border: 1px solid var(--agent-chat-border);
    border-radius: var(--agent-chat-radius);
    background: var(--agent-chat-surface);
    padding: 6px 10px;
  }
  .drawer > summary {
    cursor: pointer; list-style: none; display: flex; gap: 0 8px; align-items: baseline; min-width: 0;
  }
  .drawer > summary::-webkit-details-marker { display: none; }
  .drawer > summary::before { content: '▸'; color: var(--agent-chat-muted); }
  .drawer[open] > summary::before { content: '▾'; }
  .drawer-title { font-weight: 600; flex: 0 0 auto; }
  .drawer-detail {
    color: var(--agent-chat-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 0;
  }
  .drawer-error { color: var(--agent-chat-danger); margin: 6px 0 0; }
  .drawer-items {
    list-style: none; margin: 8px 0 2px; padding: 0; max-height: 16em; overflow-y: auto;
  }

  /* The drawer's panel look (border, padding, background) is <agent-trace closable>'s own, loaded with it. */
  .trace-drawer { flex: 0 1 auto; min-height: 0; max-height: 60%; overflow-y: auto; overscroll-behavior: contain; margin: var(--agent-chat-spacing) var(--agent-chat-spacing) 0; }
  .log > .trace-button {
    display: block; margin: 2px 0 0 auto; padding: 0 6px; font-size: 0.8em;
    color: var(--agent-chat-muted); background: transparent; border-color: transparent;
  }
`;
