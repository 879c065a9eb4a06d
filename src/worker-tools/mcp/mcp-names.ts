/**
 * The names MCP servers and their tools get in the agent. A tool is offered
 * as `server_tool`, valid for every endpoint (`^[a-zA-Z0-9_-]{1,64}$`, the
 * strictest rule among OpenAI, Anthropic and Gemini) and unique among the
 * agent's tools. The rule, so a name can be predicted:
 * 1. every character outside `[a-zA-Z0-9_-]` becomes `_` (`files.read` → `files_read`);
 * 2. longer than 64: cut to 55 and followed by `_` and 8 hex digits of a hash
 *    of the server's own tool name, so two long names that share a start stay apart;
 * 3. still taken (a page tool, another server's tool): `_2`, `_3`… is appended
 *    (cutting the end to stay within 64).
 */
import type { McpServerOptions } from '../../mcp-types.js';

/** The longest tool name every endpoint accepts. */
export const MAX_TOOL_NAME = 64;
const INVALID = /[^a-zA-Z0-9_-]/g;

/** FNV-1a of `text`, as 8 hex digits: a short, stable tag (not a secret). */
function hash8(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The name tool `tool` of server `server` is offered under, given the names already `taken` (which it joins). */
export function mcpToolName(server: string, tool: string, taken: Set<string>): string {
  let name = `${server}_${tool}`.replace(INVALID, '_');
  if (name.length > MAX_TOOL_NAME) name = `${name.slice(0, MAX_TOOL_NAME - 9)}_${hash8(tool)}`;
  let unique = name;
  for (let n = 2; taken.has(unique); n++) unique = `${name.slice(0, MAX_TOOL_NAME - String(n).length - 1)}_${n}`;
  taken.add(unique);
  return unique;
}

/** A configured server with its name settled: the option's, else its host name's letters, made distinct. */
export interface NamedServer extends McpServerOptions {
  name: string;
}

/** Names every server: its own `name`, or one made from the URL's host (`127_0_0_1`), `_2`… when two would clash. */
export function nameServers(servers: readonly McpServerOptions[]): NamedServer[] {
  const taken = new Set(servers.flatMap((s) => (s.name ? [s.name] : [])));
  return servers.map((server) => {
    if (server.name) return { ...server, name: server.name };
    const base = new URL(server.url).hostname.replace(INVALID, '_').slice(0, 28) || 'mcp';
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    return { ...server, name };
  });
}
