/**
 * The arguments of an MCP prompt command (`/server:prompt args`, parsed by
 * mcp-prompt-command.ts): `name=value` pairs (a value in double quotes may
 * hold spaces); a prompt with exactly one argument also takes the whole rest
 * as its value (`/lab:summarize the Q3 report`). Part of the servers drawer's
 * chunk (mcp-drawer.ts): only a chat with `mcp` servers has prompts to fill.
 */
import type { McpPrompt } from '../../src/types.js';

/** The prompt's argument values from `rest`, or an error naming what is wrong or missing. */
export function parsePromptArgs(rest: string, prompt: McpPrompt): { values: Record<string, string> } | { error: string } {
  const usage = `/${prompt.server}:${prompt.name}${prompt.arguments.map((a) => ` ${a.name}=${a.required ? '…' : '[…]'}`).join('')}`;
  const values: Record<string, string> = {};
  const pairs = [...rest.matchAll(/([A-Za-z0-9_-]+)=(?:"([^"]*)"|(\S*))/g)];
  const known = new Set(prompt.arguments.map((a) => a.name));
  if (pairs.length > 0) {
    for (const [, key, quoted, bare] of pairs) {
      if (!known.has(key!)) return { error: `/${prompt.server}:${prompt.name} has no argument "${key}". Use: ${usage}` };
      values[key!] = quoted ?? bare ?? '';
    }
  } else if (rest !== '' && prompt.arguments.length === 1) {
    values[prompt.arguments[0]!.name] = rest;
  } else if (rest !== '') {
    return { error: `Give the arguments as name=value. Use: ${usage}` };
  }
  const missing = prompt.arguments.filter((a) => a.required && !(a.name in values)).map((a) => a.name);
  if (missing.length) return { error: `/${prompt.server}:${prompt.name} needs ${missing.join(', ')}. Use: ${usage}` };
  return { values };
}
