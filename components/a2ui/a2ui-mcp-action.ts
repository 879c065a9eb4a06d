/**
 * A user's action on a surface an MCP server sent, sent back to that server
 * as A2UI's "A2UI over MCP" guide says: a `tools/call` of the server's tool
 * `action` with `{ name, context }` (the context's bindings already resolved
 * against the data model by the surface card). Only when the server offers
 * a tool named `action`; otherwise the action goes as every action does, as
 * the next user message (a2ui-views.ts).
 *
 * The call goes through the agent's approvals and shows as its own card,
 * with exactly one result, the way an MCP App's calls do
 * (`agent.mcp.callAppTool`, an outside call): a surface its result carries
 * is drawn in that card. The model is not told: the server that sent the
 * surface handles what the user did on it, and the call is kept out of the
 * model's history as every outside call is.
 */
import type { Agent } from '../../src/types.js';
import type { A2uiActionDetail } from './a2ui-surface-card.js';

/** The name of the tool an MCP server handles A2UI actions with (the guide's). */
export const MCP_ACTION_TOOL = 'action';

/** The server that offers tool `tool` (the agent's name for it) and also a tool `action`, or undefined. */
export async function actionServer(agent: Agent, tool: string): Promise<string | undefined> {
  try {
    const servers = await agent.mcp.status();
    const server = servers.find((s) => s.tools.some((t) => t.name === tool));
    return server?.tools.some((t) => t.serverName === MCP_ACTION_TOOL) ? server.name : undefined;
  } catch {
    return undefined;
  }
}

/** Sends `detail`'s action to `server`'s tool `action`; resolves true when it ran (its card says how: a result, or the server's error), false when it could not be sent. */
export async function sendToServer(agent: Agent, server: string, { action }: A2uiActionDetail): Promise<boolean> {
  try {
    await agent.mcp.callAppTool(server, MCP_ACTION_TOOL, { name: action.name, context: action.context ?? {} });
    return true;
  } catch {
    return false;
  }
}
