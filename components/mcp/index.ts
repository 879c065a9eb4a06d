/**
 * The MCP room's face: `McpPanel`, the element's small up-front controller,
 * which loads the servers drawer (mcp-drawer.ts: the servers, resources,
 * elicitation, MCP Apps and the prompts the composer's `/server:prompt` runs,
 * each further part on its own first use) the first time the element has
 * `mcp` servers.
 */
export { McpPanel } from './mcp-panel.js';
export type { McpHost } from './mcp-panel.js';
export type { McpWords } from './mcp-words.js';
