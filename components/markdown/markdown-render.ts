/**
 * What a reply's markdown renders to: marked (CommonMark + GFM) for the
 * structure, DOMPurify for safety, the highlighter for code — one top-level
 * block at a time.
 *
 * Invariant: a block's DOM depends only on its own source and on the link
 * reference definitions of the whole reply, never on the HTML of another
 * block. That is what lets `MarkdownStream` render a reply block by block as
 * it arrives and still end with exactly the DOM of `renderMarkdown(reply)`.
 * Each block is therefore parsed and sanitised as its own fragment: an
 * unclosed `<div>` in one block cannot swallow the next.
 *
 * Every reply renders to its end, whatever the model wrote:
 * - Raw HTML passes only when every tag in it is a harmless formatting tag
 *   (`RAW_HTML_TAGS`); anything else — `<textarea>`, `<title>`, `<style>`,
 *   `<plaintext>`, `<!--` without its end, CDATA, `<svg>`, unknown tags — is
 *   shown as the text it is, because the HTML parser would otherwise treat
 *   the rest of the block as that element's hidden content.
 * - Containers nested deeper than `MAX_NESTING` render their inside as plain
 *   text (marked recurses per level and overflows the stack near 2,000).
 * - An inline run whose emphasis/link delimiters would cost marked more than
 *   `MAX_INLINE_WORK` (its delimiter matching is quadratic) is shown as plain text.
 * - A block that still throws is shown as its source text.
 * - An unclosed inline `<a …>` ends with its paragraph (marked otherwise
 *   disables autolinks for the rest of the reply).
 * - A link reference definition's title never spans a blank line (marked
 *   allows it in quotes and parentheses; CommonMark does not), so a
 *   definition ends at the next blank line at the latest.
 */
import { Lexer, Marked, Tokenizer, type Token, type Tokens, type TokensList } from 'marked';
import { sanitizeToFragment } from './sanitize.js';
import { highlightCode } from './highlight.js';

/** Link reference definitions by normalised label, as marked keeps them (the first definition of a label wins). */
export type LinkDefinitions = Record<string, { href: string; title: string }>;

/** Containers (quotes, list items) nested deeper than this render their inside as plain text. */
export const MAX_NESTING = 24;

/** Delimiter characters × length of one inline run above which it is shown as plain text. */
export const MAX_INLINE_WORK = 10_000_000;

/**
 * Tags the model may write as raw HTML and have rendered as HTML. None of
 * them hides its content or swallows what follows it (no `<details>`, which
 * starts closed, no `<rp>`, which ruby-aware browsers hide, no raw-text or
 * foreign-content elements).
 */
const RAW_HTML_TAGS = new Set(
  (
    'a abbr b bdi bdo big blockquote br caption center cite code col colgroup dd del dfn div dl dt em figcaption figure ' +
    'h1 h2 h3 h4 h5 h6 hr i ins kbd li mark ol p pre q rt ruby s samp small span strike strong sub sup ' +
    'table tbody td tfoot th thead time tr tt u ul var wbr'
  ).split(' '),
);

/** Everything in HTML that starts markup: a tag, an end tag, a comment, a declaration or a processing instruction. */
const MARKUP_START = /<(?:\/?([A-Za-z][A-Za-z0-9-]*)|[!?/])/g;


const OPTIONS = { gfm: true, breaks: false, async: false } as const;

const marked = new Marked({
  ...OPTIONS,
  renderer: {
    html({ text, block }: Tokens.HTML | Tokens.Tag): string {
      if (isHarmlessHtml(text)) return text;
      return block ? `<p>${escapeHtml(text.trimEnd())}</p>\n` : escapeHtml(text);
    },
  },
});

/** marked's tokenizer with a link reference definition ending at a blank line (see the header). */
class LocalTokenizer extends Tokenizer {
  override def(src: string): Tokens.Def | undefined {
    const token = super.def(src);
    if (token && /\n[ \t]*\n/.test(token.raw.replace(/\n+$/, ''))) return undefined;
    return token;
  }
}

/** marked's lexer with bounded nesting and bounded inline work (see the header). */
class BoundedLexer extends Lexer {
  #depth = 0;
  /** Nesting of `inlineTokens` calls: 0 at the start of a block's inline text. */
  #inlineDepth = 0;

  constructor() {
    super({ ...marked.defaults, ...OPTIONS, tokenizer: new LocalTokenizer() });
  }

  override blockTokens(src: string, tokens?: Token[], lastParagraphClipped?: boolean): Token[];
  override blockTokens(src: string, tokens?: TokensList, lastParagraphClipped?: boolean): TokensList;
  override blockTokens(src: string, tokens: Token[] = [], lastParagraphClipped?: boolean): Token[] {
    if (this.#depth >= MAX_NESTING) {
      tokens.push(plainParagraph(src));
      return tokens;
    }
    this.#depth++;
    try {
      return super.blockTokens(src, tokens as TokensList, lastParagraphClipped);
    } finally {
      this.#depth--;
    }
  }

  override inlineTokens(src: string, tokens: Token[] = []): Token[] {
    // A run too short to reach the bound is not counted at all (the common case).
    if (src.length * src.length > MAX_INLINE_WORK && countDelimiters(src) * src.length > MAX_INLINE_WORK) {
      tokens.push({ type: 'text', raw: src, text: src } satisfies Tokens.Text);
      return tokens;
    }
    // marked carries "inside an <a>" from one block's inline text to the next (an unclosed
    // `<a href>` stopped autolinks for the rest of the reply); each run starts outside one.
    if (this.#inlineDepth === 0) this.state.inLink = false;
    this.#inlineDepth++;
    try {
      return super.inlineTokens(src, tokens);
    } finally {
      this.#inlineDepth--;
    }
  }
}

/**
 * Lexes markdown into top-level block tokens, resolving references against
 * `links` as well as the definitions in `text` itself (earlier ones win).
 * Never throws: text marked cannot lex is one plain paragraph.
 *
 * @example
 * const tokens = lexMarkdown('[a]\n\n[a]: https://example.com');
 */
export function lexMarkdown(text: string, links?: LinkDefinitions): TokensList {
  const lexer = new BoundedLexer();
  if (links) Object.assign(lexer.tokens.links, links);
  try {
    return lexer.lex(text);
  } catch {
    const tokens = [plainParagraph(text)] as TokensList;
    tokens.links = lexer.tokens.links;
    return tokens;
  }
}

/**
 * Renders top-level block tokens; returns, for each token, the nodes it
 * rendered to (none for spaces and definitions). Never throws.
 *
 * Blocks with raw HTML in them (a `<` anywhere in their source) are each
 * parsed and sanitised as a fragment of their own (see the header). The
 * others are marked's own, balanced HTML, which parses the same alone or
 * together, so runs of them share one sanitiser call (a call costs a few
 * hundred microseconds whatever its size); each renders to exactly one
 * element, handed back to its token in order.
 */
export function renderBlocks(tokens: readonly Token[]): ChildNode[][] {
  const out: ChildNode[][] = tokens.map(() => []);
  let run: number[] = [];
  const flush = (): void => {
    if (run.length === 0) return;
    const shown = run.filter((i) => rendersElement(tokens[i]!));
    const elements = shown.length > 0 ? [...render(run.map((i) => tokens[i]!)).children] : [];
    if (elements.length === shown.length) shown.forEach((i, k) => out[i]!.push(elements[k]!));
    else for (const i of run) out[i] = [...renderBlock(tokens[i]!).childNodes];
    run = [];
  };
  tokens.forEach((token, i) => {
    if (token.type === 'space') return;
    if (!token.raw.includes('<')) {
      run.push(i);
      return;
    }
    flush();
    out[i] = [...renderBlock(token).childNodes];
  });
  flush();
  return out;
}

/**
 * Renders one top-level block token: parsed, sanitised as a fragment of its
 * own, code highlighted. Never throws: a block that fails shows its source.
 */
export function renderBlock(token: Token): DocumentFragment {
  return render([token]);
}

function render(tokens: Token[]): DocumentFragment {
  let fragment: DocumentFragment;
  try {
    fragment = sanitizeToFragment(marked.parser(tokens));
  } catch {
    fragment = sanitizeToFragment(marked.parser(tokens.map((token) => plainParagraph(token.raw))));
  }
  for (const code of fragment.querySelectorAll<HTMLElement>('pre > code')) highlightCode(code);
  return fragment;
}

/** Whether marked renders the token to an element (definitions and spaces render to nothing). */
function rendersElement(token: Token): boolean {
  return token.type !== 'def' && token.type !== 'space';
}

/**
 * Renders a whole reply at once: the reference a streamed reply must equal.
 *
 * @example
 * host.replaceChildren(renderMarkdown('# Title\n\nText'));
 */
export function renderMarkdown(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const nodes of renderBlocks(lexMarkdown(text))) fragment.append(...nodes);
  return fragment;
}

/** The `<pre><code>` a fenced code block with this opening line renders to, still empty. */
export function renderFenceShell(openingLine: string, fence: string): HTMLElement | null {
  const token = lexMarkdown(`${openingLine}\n${fence}`)[0];
  if (token?.type !== 'code') return null;
  const pre = sanitizeToFragment(marked.parser([token])).firstElementChild;
  if (!(pre instanceof HTMLElement) || pre.tagName !== 'PRE' || !pre.firstElementChild) return null;
  pre.firstElementChild.replaceChildren();
  return pre;
}

/** Adds to `into` the link reference definitions made in `tokens` (at any depth) whose labels it lacks; returns the labels added. */
export function collectDefinitions(tokens: readonly Token[], into: LinkDefinitions): string[] {
  const added: string[] = [];
  const walk = (list: readonly Token[]): void => {
    for (const token of list) {
      if (token.type === 'def') {
        const { tag, href, title } = token as Tokens.Def;
        if (!Object.hasOwn(into, tag)) {
          into[tag] = { href, title };
          added.push(tag);
        }
      } else if (token.type === 'list') {
        for (const item of (token as Tokens.List).items) walk(item.tokens);
      } else if (token.type === 'blockquote') {
        walk((token as Tokens.Blockquote).tokens);
      }
    }
  };
  walk(tokens);
  return added;
}

/**
 * The labels a block's source could refer to: the text of every bracket
 * pair without brackets inside, normalised as marked normalises labels.
 * A superset of the references it makes (a label never contains a bracket).
 */
export function referencedLabels(source: string): Set<string> {
  const labels = new Set<string>();
  for (const match of source.matchAll(/\[((?:\\[\s\S]|[^[\]\\])*)\]/g)) labels.add(normalizeLabel(match[1]!));
  return labels;
}

/** A link label as marked compares it: trimmed, inner whitespace collapsed, case folded. */
function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase().toLowerCase();
}

/** True when raw HTML holds only tags of `RAW_HTML_TAGS` (no comment, declaration or other element). */
function isHarmlessHtml(html: string): boolean {
  for (const match of html.matchAll(MARKUP_START)) {
    const name = match[1];
    if (!name || !RAW_HTML_TAGS.has(name.toLowerCase())) return false;
  }
  return true;
}

/** Characters that make marked's inline lexer scan ahead for a partner: * _ ~ [ ] ` < ! */
function countDelimiters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 42 || c === 95 || c === 126 || c === 91 || c === 93 || c === 96 || c === 60 || c === 33) count++;
  }
  return count;
}

function plainParagraph(text: string): Tokens.Paragraph {
  return { type: 'paragraph', raw: text, text, tokens: [{ type: 'text', raw: text, text } satisfies Tokens.Text] };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
