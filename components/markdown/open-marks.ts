/**
 * A streaming reply's last block without the inline mark it has opened and
 * not yet closed: `Some **bo` shows as `Some `, `see [the docs](https://ex`
 * as `see `, until the mark closes (or the reply ends, when the whole text is
 * rendered as it is). Without this, a reply that arrives in small deltas —
 * its first token sent at once, a slow model — draws markdown's marks as
 * text (`**bo`) for a frame or more, then jumps to the formatted form.
 *
 * Invariant: only the text after the last unclosed mark of the LAST block is
 * held back, and only while the reply streams; what is shown is the render
 * of a prefix of the reply, and the finished reply is rendered whole
 * (markdown-stream.ts).
 */
import type { Token } from 'marked';

/** Paired marks: an odd count in the block (outside code spans) means the last one is open. (`__` is left out: inside words it is text.) */
const PAIRED = ['**', '~~'] as const;

/** Block kinds whose text is inline markdown (a fence, a table or HTML is left as it is). */
const INLINE: ReadonlySet<string> = new Set(['paragraph', 'heading', 'list', 'blockquote', 'text']);

/** Where the text shown of `raw` (a streaming block) should end: before its last open mark, or its length. */
export function openMarkStart(raw: string): number {
  let cut = raw.length;
  // A code span first: marks inside it are text.
  const ticks = raw.split('`').length - 1;
  const code = ticks % 2 === 1 ? raw.lastIndexOf('`') : raw.length;
  const outside = raw.slice(0, code).replace(/`[^`]*`/g, (span) => ' '.repeat(span.length));
  for (const mark of PAIRED) {
    const count = outside.split(mark).length - 1;
    if (count % 2 === 1) cut = Math.min(cut, outside.lastIndexOf(mark));
  }
  cut = Math.min(cut, code);
  // A link or image whose text or target is still coming: `[text`, `[text](url`.
  const open = outside.lastIndexOf('[');
  if (open !== -1) {
    const rest = outside.slice(open);
    const closed = /^\[[^\]]*\](?:\([^)]*\)|\[[^\]]*\]|(?![(\[]))/.test(rest) && !/^\[[^\]]*\]$/.test(rest);
    if (!closed) cut = Math.min(cut, open > 0 && outside[open - 1] === '!' ? open - 1 : open);
  }
  return cut;
}

/**
 * `tokens` (a streaming tail, lexed) with the last block cut before its open
 * mark and lexed again with `lex`; `tokens` itself when nothing is open.
 */
export function withoutOpenMark(tokens: readonly Token[], lex: (text: string) => Token[]): readonly Token[] {
  const last = tokens.at(-1);
  if (!last || !INLINE.has(last.type)) return tokens;
  const cut = openMarkStart(last.raw);
  if (cut === last.raw.length) return tokens;
  return [...tokens.slice(0, -1), ...lex(last.raw.slice(0, cut))];
}
