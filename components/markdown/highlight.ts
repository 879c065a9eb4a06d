/**
 * Syntax highlighting of code blocks in replies, built with DOM APIs from the
 * tokens of `code-tokenizer.ts`: every token becomes a text node or a `<span>`
 * whose text is set as text, so no HTML is ever parsed here. Synchronous and
 * dependency-free, so a finished block is highlighted in the same pass that
 * renders it and a streaming block line by line as it arrives.
 */
import { isHighlightable, tokenize, type OpenConstruct } from './code-tokenizer.js';

/**
 * Highlights a code block while it streams: whole lines are tokenized once,
 * as they complete, and appended as `<span class="tok-{kind}">` and text; the
 * incomplete last line shows as plain text until its newline arrives. A
 * comment or string left open at a line's end carries over to the next lines.
 * The `<code>` gains the class `highlighted` when its language is known.
 */
export class StreamingHighlighter {
  readonly #code: HTMLElement;
  readonly #language: string | undefined;
  #open: OpenConstruct | null = null;
  /** The last thing appended, when it is a token's span (the next token of its kind joins it). */
  #lastSpan: HTMLElement | undefined;
  /** The text node showing the incomplete last line, if any. */
  #partial: Text | undefined;

  /** Highlights into `code`, whose `language-*` class picks the grammar. */
  constructor(code: HTMLElement) {
    this.#code = code;
    const language = /\blanguage-([\w+#-]+)/.exec(code.className)?.[1];
    if (language && isHighlightable(language)) {
      this.#language = language;
      code.classList.add('highlighted');
    }
  }

  /** Appends complete lines (or a finished block's last line, which may lack its newline). */
  pushLines(lines: string): void {
    if (lines === '') return;
    this.showPartial('');
    if (!this.#language) return this.#code.append(lines);
    const { tokens, open } = tokenize(lines, this.#language, this.#open);
    this.#open = open;
    const fragment = document.createDocumentFragment();
    for (const { kind, text } of tokens) {
      if (kind === null) {
        fragment.append(text);
        this.#lastSpan = undefined;
        continue;
      }
      // Adjacent tokens of one kind share a span, so the DOM does not depend on where lines were pushed
      // (a string open across lines is one span however the lines arrived).
      if (this.#lastSpan?.className === `tok-${kind}`) {
        this.#lastSpan.append(text);
        continue;
      }
      const span = document.createElement('span');
      span.className = `tok-${kind}`;
      span.textContent = text;
      fragment.append(span);
      this.#lastSpan = span;
    }
    this.#code.append(fragment);
  }

  /** Shows `text`, the start of a line still arriving, in place of the last one shown ('' removes it). */
  showPartial(text: string): void {
    if (text === '') {
      this.#partial?.remove();
      this.#partial = undefined;
    } else if (!this.#partial) {
      this.#code.append((this.#partial = document.createTextNode(text)));
    } else if (this.#partial.data !== text) {
      this.#partial.data = text;
    }
  }
}

/**
 * Highlights one finished `<code>` element in place, when its language is
 * known; otherwise leaves it as it is.
 *
 * @example
 * highlightCode(pre.querySelector('code')!); // <code class="language-js"> gains tok-* spans
 */
export function highlightCode(code: HTMLElement): void {
  const text = code.textContent ?? '';
  const highlighter = new StreamingHighlighter(code);
  if (!code.classList.contains('highlighted')) return;
  code.replaceChildren();
  highlighter.pushLines(text);
}
