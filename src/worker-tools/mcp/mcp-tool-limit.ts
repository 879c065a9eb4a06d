/**
 * How many tools one MCP server may offer before the user picks. Every
 * offered tool's name, description and input schema goes with every model
 * request: a server listing 10,003 tools put 2.5 MB in each one (40,000:
 * 10 MB), past any context window and most request limits, and a model given
 * hundreds of tools picks badly among them. So a server whose list (after the
 * server option's `tools`, when given) is longer than `MCP_TOOL_LIMIT` offers
 * NONE of its tools, and its status says why and how to pick (`toolLimit`);
 * it stays connected (its prompts and resources work). Naming the tools to
 * offer in the server's `tools` option is the pick: a named list is the
 * user's choice and is offered whole.
 *
 * 128 is the most tools OpenAI's chat completions accepts in one request,
 * and well above what useful servers list (tens).
 */

/** The most tools a server may offer when its `tools` option does not name them. */
export const MCP_TOOL_LIMIT = 128;

/** Why `server`'s `listed` tools are not offered, with the fix; undefined when they may be. */
export function toolLimitProblem(server: { name: string; tools?: readonly string[] }, listed: number): { listed: number; limit: number; message: string } | undefined {
  if (server.tools || listed <= MCP_TOOL_LIMIT) return undefined;
  return {
    listed,
    limit: MCP_TOOL_LIMIT,
    message: `MCP server "${server.name}" lists ${listed.toLocaleString('en')} tools, more than the ${MCP_TOOL_LIMIT} a server may offer unpicked, so none of them is offered (each would go with every request). Name the ones to offer in its tools option, e.g. { name: "${server.name}", url, tools: ["search", "read"] }.`,
  };
}
