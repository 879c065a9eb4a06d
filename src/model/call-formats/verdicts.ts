/**
 * Verdict helpers for format rows. A verdict looks at a bounded head of the
 * text after an opener, so the streaming filter (which may decide before the
 * reply ends) and the parser (which sees the whole reply) always reach the
 * same verdict: once `LOOKAHEAD` characters are there, more text cannot
 * change it.
 */
import { scanJsonEnd, tryParseJson } from '../json-scanner.js';
import type { Accepted, BlockEnd, ReadContext, Verdict } from './call-format.js';
import { knownCalls } from './scan.js';

/** How far after an opener a verdict may look. */
export const LOOKAHEAD = 64;

/** Markup when the head after the opener matches `pattern`; undecided while the head is short. */
export function headMatches(after: string, ended: boolean, pattern: RegExp, accepted: Accepted): Verdict {
  if (pattern.test(after.slice(0, LOOKAHEAD))) return accepted;
  return !ended && after.length < LOOKAHEAD ? undefined : false;
}

/**
 * Whether the text after an opener starts like JSON (an object or a list),
 * ignoring whitespace and an optional ```json fence: the test that keeps
 * prose which mentions a tag from being taken for markup.
 */
export function jsonStart(after: string, ended: boolean, close: readonly string[] | 'end'): Verdict {
  let text = after.trimStart();
  const fence = /^```(?:json)?\s*/.exec(text);
  if (fence && fence[0].length < text.length) text = text.slice(fence[0].length);
  else if (!ended && '```json'.startsWith(text.trimEnd())) return undefined;
  if (text === '') return ended ? false : undefined;
  return text[0] === '{' || text[0] === '[' ? { close } : false;
}

/** Always markup: openers that are special tokens no prose contains. */
export function always(close: BlockEnd): () => Accepted {
  const accepted: Accepted = { close };
  return () => accepted;
}

/**
 * For weak openers (a ```json fence, `<response>`, `functools`…), which also
 * appear around ordinary JSON: markup only when the whole body, up to
 * `closer`, is JSON call objects naming offered tools. Undecided until the
 * closer arrives. If the reply ends first, it is a call cut off when it
 * starts like one naming an offered tool (read as an error the model can
 * correct), else not markup.
 */
export function weakJson(after: string, ended: boolean, ctx: ReadContext, closer: string | undefined, read: (json: unknown) => unknown[] = asList): Verdict {
  let body: string;
  let close: BlockEnd;
  if (closer === undefined) {
    const start = after.search(/\S/);
    if (start === -1) return ended ? false : undefined;
    if (after[start] !== '[' && after[start] !== '{') return false;
    const end = scanJsonEnd(after, start);
    if (end === -1) return ended ? cutCall(after, ctx, 'end') : undefined;
    body = after.slice(start, end);
    close = 'end';
  } else {
    const at = after.indexOf(closer);
    if (at === -1) return ended ? cutCall(after.replace(/^\s*```[a-z]*\s*/, ''), ctx, [closer]) : undefined;
    body = after.slice(0, at).replace(/^\s*```[a-z]*\s*|```\s*$/g, '');
    close = [closer];
  }
  const parsed = tryParseJson(body.trim());
  return parsed.ok && knownCalls(read(parsed.value), ctx) ? { close } : false;
}

/** A call object that starts like one naming an offered tool but is cut off: `{"name": "x", "argu…`. */
export function startsLikeCall(text: string, ctx: ReadContext): boolean {
  const name = /^\s*\[?\s*\{\s*"(?:name|tool_name)"\s*:\s*"([^"]+)"\s*,/.exec(text)?.[1];
  return name !== undefined && (!ctx.tools || ctx.tools.has(name));
}

function cutCall(text: string, ctx: ReadContext, close: BlockEnd): Verdict {
  return startsLikeCall(text, ctx) ? { close } : false;
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The first positive verdict; else undecided if any is; else not markup. */
export function anyVerdict(...verdicts: Verdict[]): Verdict {
  for (const v of verdicts) if (v) return v;
  return verdicts.includes(undefined) ? undefined : false;
}
