/**
 * Which leading blocks of a streamed reply are settled: whatever text comes
 * after, the whole reply lexes them into the same tokens.
 *
 * CommonMark decides block structure line by line: each complete line either
 * continues the open blocks or closes them, and a closed block never opens
 * again. So a block is settled once a later block has started on a complete
 * line — and, since marked's rules look one line further (a table's header
 * and delimiter rows end a paragraph), with a complete line after that
 * one. The incomplete last line decides nothing yet: `#` may become
 * `#hashtag` (a paragraph line, not a heading), `---` may become `--- x`,
 * `|-` may become a table's delimiter row. A list, a table, an HTML block or
 * a paragraph that may become a setext heading is simply the last block
 * until something else starts.
 *
 * One construct is decided later than its line: a link reference definition
 * (its title may follow on the next lines, and a paragraph starting with `[`
 * may still turn out to be one). Those settle at the next blank line, which
 * a definition never crosses (see `markdown-render.ts`).
 *
 * What a definition changes elsewhere (references in other blocks) is not a
 * matter of settling; `MarkdownStream` re-renders the blocks it concerns.
 *
 * @example
 * settledBlockCount(lexMarkdown('a\n\nb\n\nc'), 'a\n\nb\n\nc'); // 2 (a and its blank line): "c" may still grow
 * settledBlockCount(lexMarkdown('a\n\n#'), 'a\n\n#');           // 0: "#" may become "#tag"
 */
import type { Token } from 'marked';

/**
 * How many of `tokens` (the top-level tokens of `text`, whose raws tile it)
 * are settled, counted from the start. Trailing `space` tokens never count.
 */
export function settledBlockCount(tokens: readonly Token[], text: string): number {
  // Where the incomplete last line starts (the end, when there is none), and the complete line before it.
  const openLine = text.endsWith('\n') ? text.length : text.lastIndexOf('\n') + 1;
  const lastLine = openLine === 0 ? 0 : text.lastIndexOf('\n', openLine - 2) + 1;
  const starts: number[] = [];
  let offset = 0;
  for (const token of tokens) {
    starts.push(offset);
    offset += token.raw.length;
  }
  if (offset !== text.length) return 0; // the raws do not tile the text: settle nothing rather than guess
  // The last block that started on a complete line, with a complete line after it, closed every
  // block before it. (marked looks one line past a block's first: a paragraph ends where a table's
  // header and delimiter rows start, so "|-" being written may still end or not end it.)
  let count = 0;
  for (let i = tokens.length - 1; i > 0; i--) {
    if (tokens[i]!.type !== 'space' && starts[i]! < lastLine) {
      count = i;
      break;
    }
  }
  // A definition, or a paragraph that may still become one, waits for a blank line after it.
  while (count > 0) {
    const i = lastContent(tokens, count);
    if (i < 0) return 0;
    if (!mayBeDefinition(tokens[i]!) || /\n[ \t]*\n/.test(text.slice(starts[i]!, starts[count]!))) break;
    count = i;
  }
  return count;
}

/** Index of the last non-space token before `end`, or -1. */
function lastContent(tokens: readonly Token[], end: number): number {
  let i = end - 1;
  while (i >= 0 && tokens[i]!.type === 'space') i--;
  return i;
}

function mayBeDefinition(token: Token): boolean {
  return token.type === 'def' || (token.type === 'paragraph' && /^ {0,3}\[/.test(token.raw));
}
