/**
 * What WebMCP refused, as data (`WebMcpProblem`) with its English sentence:
 * the status's `message` joins the sentences; the element words each
 * problem by its kind in its own language (reported-notice-words.ts holds
 * the same English, checked side by side by test/components/i18n/notice-words.test.ts).
 *
 * Invariant: a problem's `message`, and its notice (`problemNotice`), are
 * written here and nowhere else.
 */
import type { WebMcpProblem } from '../../agent-events.js';
import { messageOf } from './model-context.js';

/** The browser refused to register the agent's tool `tool` (`err`: what it threw). */
export const notRegistered = (tool: string, err: unknown): WebMcpProblem => {
  const error = messageOf(err);
  return { kind: 'not-registered', tool, error, message: `"${tool}" could not be registered: ${error}` };
};

/** The page's WebMCP tool `tool` could not be given to the agent. */
export const notOffered = (tool: string, err: unknown): WebMcpProblem => {
  const error = messageOf(err);
  return { kind: 'not-offered', tool, error, message: `"${tool}" is not offered: ${error}` };
};

/** This browser's WebMCP has no `getTools()` and `executeTool()`. */
export const noListing = (): WebMcpProblem => ({ kind: 'no-listing', message: "this browser's WebMCP cannot list or run other tools (no getTools() and executeTool()), so none are offered" });

/** `getTools()` threw. */
export const listFailed = (err: unknown): WebMcpProblem => {
  const error = messageOf(err);
  return { kind: 'list-failed', error, message: `getTools() failed: ${error}` };
};

/** Anything else that threw, in its own words. */
export const failed = (err: unknown): WebMcpProblem => {
  const error = messageOf(err);
  return { kind: 'error', error, message: error };
};

/** A problem's notice for `WebMcpStatus.notices`: "WebMCP error: " and its sentence, and its id (`not-offered` → `noticeWebmcpNotOffered`) with the tool's name and the browser's error. */
export const problemNotice = (p: WebMcpProblem): { text: string; said: readonly [string, ...string[]] } => ({
  text: `WebMCP error: ${p.message}`,
  said: [`noticeWebmcp${p.kind.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}`, ...[p.tool, p.error].filter((v): v is string => v !== undefined)],
});
