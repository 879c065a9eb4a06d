/**
 * The composer's MCP prompt command, `/server:prompt args`: which prompt it
 * names, in the commands' chunk (composer-commands.ts), which the composer
 * loads with the first "/" typed. Running it is the MCP room's: its
 * arguments are read by the servers drawer (mcp/mcp-prompt-args.ts, in the
 * drawer's chunk), which only an element with `mcp` servers loads.
 */

/** A parsed `/server:prompt args`. */
export interface PromptCommand {
  server: string;
  name: string;
  /** The text after the prompt's name. */
  rest: string;
}

/** The command in `text`, or null when it is not one (`/help`, a message). */
export function parsePromptCommand(text: string): PromptCommand | null {
  const match = /^\/([A-Za-z0-9_-]+):(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  return match ? { server: match[1]!, name: match[2]!, rest: (match[3] ?? '').trim() } : null;
}
