/**
 * The `mcp` worker-tool factory: an MCP tool's spec is `{ name }`, and the
 * tool itself is held by the worker's `mcp` service (the hub, mcp-hub.ts).
 * Apart from the hub so that the worker's core carries only this: the hub and
 * the SDK load when an agent has `mcp` servers.
 */
import type { WorkerTool, WorkerToolFactory } from '../worker-tool.js';

/** The worker-tool factory name MCP tools are registered under. */
export const MCP_TOOL_FACTORY = 'mcp';

/** What the factory needs of the hub. */
export interface McpToolSource {
  /** The worker tool offered as `name`, if any. */
  workerTools(name: string): WorkerTool[];
}

/** Builds an MCP tool from its spec `{ name }`: the hub (the worker's `mcp` service) holds it. */
export const mcpToolFactory: WorkerToolFactory = (options, env) => {
  const name = (options as { name?: unknown } | null)?.name;
  const hub = env.service<McpToolSource>('mcp');
  return hub && typeof name === 'string' ? hub.workerTools(name) : [];
};
