/**
 * Syntax highlighting of code blocks in replies, built with DOM APIs from the
 * tokens of `code-tokenizer.ts`: every token becomes a text node or a `<span>`
 * whose text is set as text, so no HTML is ever parsed here. Synchronous and
 * dependency-free, so a finished block is highlighted in the same pass that
 * renders it and a streaming block line by line as it arrives.
 */
import { isHighlightable, tokenize, type CodeToken, type OpenConstruct } from './code-tokenizer.js';

/** Class of a highlighted `<code>` element; tokens are `<span class="tok-{kind}">`. */
export const HIGHLIGHTED = 'highlighted';

/** The language a `<code>` element declares (`class="language-js"`), if any. */
export function languageOf(code: Element): string | undefined {
  return /\blanguage-([\w+#-]+)/.exec(code.className)?.[1];
}

/** The tokens as nodes: plain runs as text, the rest as classed spans. */
export function tokensToFragment(tokens: readonly CodeToken[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const token of tokens) {
    if (token.kind === null) {
      fragment.append(token.text);
      continue;
    }
    const span = document.createElement('span');
    span.className = `tok-${token.kind}`;
    span.textContent = token.text;
    fragment.append(span);
  }
  return fragment;
}

/**
 * Highlights one finished `<code>` element in place, when its language is
 * known; otherwise leaves it as it is.
 *
 * @example
 * highlightCode(pre.querySelector('code')!); // <code class="language-js"> gains tok-* spans
 */
export function highlightCode(code: HTMLElement): void {
  const language = languageOf(code);
  if (!language || !isHighlightable(language)) return;
  code.replaceChildren(tokensToFragment(tokenize(code.textContent ?? '', language).tokens));
  code.classList.add(HIGHLIGHTED);
}

/**
 * Highlights a code block while it streams: whole lines are tokenized once,
 * as they complete, and appended; the incomplete last line shows as plain
 * text until its newline arrives. A comment or string left open at a line's
 * end carries over to the next lines.
 */
export class StreamingHighlighter {
  readonly #code: HTMLElement;
  readonly #language: string | undefined;
  #open: OpenConstruct | null = null;
  /** The text node showing the incomplete last line, if any. */
  #partial: Text | undefined;

  /** Highlights into `code` (its `language-*` class picks the grammar). */
  constructor(code: HTMLElement) {
    this.#code = code;
    const language = languageOf(code);
    this.#language = language && isHighlightable(language) ? language : undefined;
    if (this.#language) code.classList.add(HIGHLIGHTED);
  }

  /** Appends complete lines (or a finished block's last line, which may lack its newline). */
  pushLines(lines: string): void {
    if (lines === '') return;
    this.#partial?.remove();
    this.#partial = undefined;
    if (!this.#language) {
      this.#code.append(lines);
      return;
    }
    const { tokens, open } = tokenize(lines, this.#language, this.#open);
    this.#open = open;
    this.#code.append(tokensToFragment(tokens));
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
