/**
 * Marked's rules for fenced code, as a markdown stream applies them while a
 * fence is still open (markdown-stream.ts): where a fence opens, where it
 * closes, the indentation its lines lose, and the check of a streamed block
 * against a whole render of it — so the streamed `<pre>` is exactly what a
 * whole render would give.
 */
import { lexMarkdown, renderBlocks } from './markdown-render.js';
import type { StreamingHighlighter } from './highlight.js';

/** An opening code fence at the very start of the text, with its info string (a backtick fence's has no backtick). */
export const OPEN_FENCE = /^( {0,3})(?:(`{3,})([^`\n]*)|(~{3,})([^\n]*))\n/;

/** A closing fence as marked reads one: up to 3 spaces, the opening fence, more of its character, spaces. */
export function isClosingFence(line: string, fence: string): boolean {
  if (!line.trimStart().startsWith(fence)) return false;
  return new RegExp(`^ {0,3}${fence}${fence[0]}* *$`).test(line);
}

/** Removes from each line as much leading whitespace as `indent`, or all it has if less (as marked does). */
export function dedent(text: string, indent: number): string {
  return indent === 0 ? text : text.replace(new RegExp(`^[^\\S\\n]{1,${indent}}`, 'gm'), '');
}

/**
 * The streamed `<pre>` of a finished fence (`source`: the whole block), or,
 * when its text is not what a whole render of the block gives, that render
 * (a cheap check: one lexer match and a string comparison).
 */
export function checkedFence(pre: HTMLElement, highlighter: StreamingHighlighter, source: string): Node[] {
  const token = lexMarkdown(source)[0];
  const code = pre.firstElementChild!;
  if (token?.type === 'code') {
    const text = (token as { text: string }).text;
    const expected = text ? text.replace(/\n$/, '') + '\n' : '';
    // An unclosed fence's last line: a whole render ends it with a newline.
    if (code.textContent + '\n' === expected) highlighter.pushLines('\n');
    if (code.textContent === expected) return [pre];
  }
  return renderBlocks(lexMarkdown(source)).flat();
}
