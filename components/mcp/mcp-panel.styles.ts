/**
 * Styles of the MCP servers drawer (mcp-drawer.ts): its frame and summary
 * are the other drawers' (class drawer, chat-drawers.styles.ts), and this adds
 * what differs; colours from the element's custom properties only, so both
 * themes and every page override apply.
 */
import { css } from 'lit';

/** Added to `<agent-chat>`'s stylesheet. */
export const mcpPanelStyles = css`
  .mcp-servers { padding: 4px 10px; font-size: 0.92em; max-height: 40vh; overflow-y: auto; }
  /* The resources' disclosure inside it, marked as the drawers are. */
  .mcp-resources > summary { cursor: pointer; list-style: none; display: flex; gap: 0 8px; align-items: baseline; }
  .mcp-resources > summary::-webkit-details-marker { display: none; }
  .mcp-resources > summary::before { content: '▸'; color: var(--agent-chat-muted); }
  .mcp-resources[open] > summary::before { content: '▾'; }
  .mcp-title { font-weight: 600; }
  .mcp-count, .mcp-note { color: var(--agent-chat-muted); }
  .mcp-note { font-size: 0.88em; }
  .mcp-items, .mcp-resource-items { list-style: none; margin: 6px 0 2px; padding: 0; }
  .mcp-server { padding: 4px 0; }
  .mcp-server + .mcp-server { border-top: 1px solid var(--agent-chat-border); }
  .mcp-server-head { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px; }
  .mcp-name { font-family: var(--agent-chat-mono-font); font-weight: 600; }
  .mcp-state { font-size: 0.85em; padding: 0 6px; border-radius: 999px; border: 1px solid var(--agent-chat-border); }
  .mcp-state[data-state='connected'] { color: var(--agent-chat-success); }
  .mcp-state[data-state='failed'] { color: var(--agent-chat-danger); }
  .mcp-state[data-sign-in='signed-in'] { color: var(--agent-chat-success); }
  .mcp-state[data-sign-in='failed'] { color: var(--agent-chat-danger); }
  .mcp-actions { display: inline-flex; gap: 4px; margin-inline-start: auto; }
  .mcp-server-head button, .mcp-resource-items button { font-size: 0.85em; padding: 2px 8px; margin-inline-start: auto; }
  .mcp-actions button { margin-inline-start: 0; }
  .mcp-resource-items button { margin-inline-start: 0; }
  .mcp-server-error, .mcp-error { color: var(--agent-chat-danger); margin: 4px 0 0; overflow-wrap: anywhere; }
  .mcp-skipped { list-style: none; margin: 4px 0 0; padding: 0; color: var(--agent-chat-muted); font-size: 0.88em; overflow-wrap: anywhere; }
  .mcp-skipped code { font-family: var(--agent-chat-mono-font); }
  .mcp-tools { margin: 4px 0 0; display: flex; flex-wrap: wrap; gap: 4px; }
  .mcp-tools code { font-family: var(--agent-chat-mono-font); font-size: 0.85em; background: var(--agent-chat-code-bg); padding: 0 4px; border-radius: 4px; }
  .mcp-resources { margin: 4px 0; }
  .mcp-resource-items li { padding: 2px 0; overflow-wrap: anywhere; }
  .mcp-attached { display: flex; flex-wrap: wrap; gap: 4px; margin: 0 var(--agent-chat-spacing); }
  .mcp-attachment {
    display: inline-flex; align-items: center; gap: 4px; font-size: 0.85em;
    border: 1px solid var(--agent-chat-border); border-radius: 999px; padding: 0 4px 0 8px; background: var(--agent-chat-surface);
  }
  .mcp-attachment code { font-family: var(--agent-chat-mono-font); overflow-wrap: anywhere; }
  .mcp-attachment button { padding: 0 6px; font-size: 1em; line-height: 1.4; }
`;
