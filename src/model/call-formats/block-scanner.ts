/**
 * Finds the next block of call markup in text, for the parser (whole reply,
 * `ended`) and the streaming filter (text so far). Both ask the same question
 * of the same table, so a stretch the filter held back as markup is exactly
 * the stretch the parser removes, and a stretch it released as text stays text.
 *
 * An opener counts only when its format accepts what follows it: `<tool_call>`
 * followed by ` tags are…` is prose. An opener written right after a backtick
 * is someone quoting the tag, never markup.
 */
import { partialSuffix } from '../think-splitter.js';
import type { Accepted, CallFormat, ReadContext, Verdict } from './call-format.js';
import { LOOKAHEAD } from './verdicts.js';

/**
 * Where the first call markup in a whole reply starts (a block of a family's
 * call format, not a code fence, a hidden token or reasoning); `-1` if none.
 */
export function firstCallAt(text: string, formats: readonly CallFormat[], ctx: ReadContext): number {
  for (let from = 0; ; ) {
    const found = findBlock(text, from, formats, true, ctx);
    if (found?.kind !== 'block') return -1;
    if (!found.keep && !found.thinking && found.close !== 'none' && found.format.families.length > 0) return found.start;
    from = Math.max(blockEnd(text, found).end, found.start + 1);
  }
}

/** A block of markup: where it starts, which format, and how it ends. */
export interface FoundBlock {
  kind: 'block';
  format: CallFormat;
  opener: string;
  /** Index of the opener. */
  start: number;
  /** Index just past the opener and the format's header. */
  bodyStart: number;
  close: Accepted['close'];
  /** The block is answer text to keep as written (a code fence), not markup. */
  keep?: true;
  /** The block's body is reasoning (mid-reply `<think>`, a harmony analysis message). */
  thinking?: true;
}

/** Text from `start` on might still be markup: more text is needed to tell. */
export interface Undecided {
  kind: 'undecided';
  start: number;
}

/**
 * The first block of markup at or after `from`, or the point from which the
 * text is undecided (only when not `ended`), or `undefined`: no markup.
 */
export function findBlock(
  text: string,
  from: number,
  formats: readonly CallFormat[],
  ended: boolean,
  ctx: ReadContext,
): FoundBlock | Undecided | undefined {
  // Where a longer opener may still be arriving: nothing from there on is decided.
  const partial = ended ? text.length : text.length - partialLength(text, from, formats);
  let pos = from;
  for (;;) {
    const hits = openersAt(text, pos, formats);
    if (!hits || hits.at >= partial) break;
    const { at } = hits;
    // Longest opener first; a shorter one at the same place gets its turn if the longer is prose.
    for (const { opener, format } of text[at - 1] === '`' ? [] : hits.found) {
      const after = text.slice(at + opener.length);
      let verdict = format.accept(after, ended, opener, ctx);
      if (verdict === false || (verdict === undefined && ended)) verdict = format.weak ? false : brokenMarkup(format, after, ended);
      if (verdict === undefined && !ended) return { kind: 'undecided', start: at };
      if (verdict) {
        const bodyStart = at + opener.length + (verdict.header ?? 0);
        return { kind: 'block', format, opener, start: at, bodyStart, close: verdict.close, ...(verdict.keep ? { keep: true as const } : {}), ...(verdict.thinking ? { thinking: true as const } : {}) };
      }
    }
    pos = at + 1;
  }
  return partial < text.length ? { kind: 'undecided', start: partial } : undefined;
}

/** The length of the longest end of `text` (after `from`) that is the start of an opener. */
function partialLength(text: string, from: number, formats: readonly CallFormat[]): number {
  const tail = text.slice(Math.max(from, text.length - LONGEST));
  let keep = 0;
  for (const f of formats) for (const o of f.open) keep = Math.max(keep, partialSuffix(tail, o));
  return keep;
}

/** Longer than any opener: how much of the end of the text can be a partial one. */
const LONGEST = 64;

/**
 * Where a found block ends: after its closer, at the end of its header, or at
 * the end of the text (no closer: `closed` false).
 */
export function blockEnd(text: string, block: FoundBlock): { bodyEnd: number; end: number; closed: boolean } {
  const { close, bodyStart } = block;
  if (close === 'none') return { bodyEnd: bodyStart, end: bodyStart, closed: true };
  if (close === 'end') return { bodyEnd: text.length, end: text.length, closed: true };
  let best: { bodyEnd: number; end: number; closed: boolean } | undefined;
  for (const closer of close) {
    const at = text.indexOf(closer, bodyStart);
    if (at !== -1 && (best === undefined || at < best.bodyEnd)) best = { bodyEnd: at, end: at + closer.length, closed: true };
  }
  return best ?? { bodyEnd: text.length, end: text.length, closed: false };
}

/**
 * An opener the format's verdict rejected may still be a call the model got
 * wrong: its closer follows within the lookahead around no prose, or the
 * reply ends right after it. `undefined`: cannot tell yet.
 */
function brokenMarkup(format: CallFormat, after: string, ended: boolean): Verdict {
  const head = after.slice(0, LOOKAHEAD);
  for (const closer of format.closers ?? []) {
    const at = head.indexOf(closer);
    if (at !== -1 && !PROSE.test(head.slice(0, at))) return { close: format.closers! };
  }
  if (after.trim() === '') return ended ? { close: 'end' } : undefined;
  return !ended && format.closers && after.length < LOOKAHEAD ? undefined : false;
}

/** Two words in a row: what a mention of a tag in a sentence has, and markup lacks. */
const PROSE = /[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}/;

/** The openers found earliest at or after `from`, longest first. */
function openersAt(text: string, from: number, formats: readonly CallFormat[]): { at: number; found: Array<{ opener: string; format: CallFormat }> } | undefined {
  let at = -1;
  let found: Array<{ opener: string; format: CallFormat }> = [];
  for (const format of formats) {
    for (const opener of format.open) {
      const i = text.indexOf(opener, from);
      if (i === -1 || (at !== -1 && i > at)) continue;
      if (i < at || at === -1) [at, found] = [i, []];
      found.push({ opener, format });
    }
  }
  return at === -1 ? undefined : { at, found: found.sort((a, b) => b.opener.length - a.opener.length) };
}
