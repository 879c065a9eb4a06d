/**
 * Streams markdown into the DOM in time linear in its length.
 *
 * A reply is a run of blocks. Blocks that are complete are parsed, sanitised
 * and rendered exactly once, then frozen: their DOM is never touched again.
 * Only the open tail block is re-lexed when text arrives, and that work is
 * batched to one pass per animation frame however many deltas came in.
 *
 * A block is complete once a later block has started: appending text can
 * change only the last block (a paragraph may still become a setext heading
 * or a table, a list may still grow after a blank line). Fenced code is the
 * exception that would make this quadratic — a long code block is one open
 * block — so while a fence is open its text is appended to a `<code>` as a
 * text node, with no parsing at all, until the closing fence arrives.
 */
import { Marked, type Token } from 'marked';
import { sanitizeToFragment } from './sanitize.js';
import { highlightCode } from './highlight.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Frozen blocks per group element (see `freezeBlocks`). */
const GROUP_SIZE = 24;

/** An opening code fence at the very start of the text, with its info string. */
const OPEN_FENCE = /^ {0,3}(`{3,}|~{3,})([^\n]*)\n/;

interface OpenFence {
  /** The fence characters; the closing fence uses the same character, at least as many. */
  fence: string;
  /** Offset in the source where the code starts (after the opening line). */
  contentStart: number;
  /** Offset up to which code text is already shown. */
  shown: number;
  /** Where to resume looking for the closing fence (start of a line). */
  scanFrom: number;
  code: HTMLElement;
}

/** Options of a `MarkdownStream`. */
export interface MarkdownStreamOptions {
  /** Called after each render pass (the element keeps its log scrolled with it). */
  onRender?: () => void;
  /** How to schedule a render pass; default: the next animation frame. */
  schedule?: (render: () => void) => void;
}

/**
 * Incremental markdown renderer for one streamed reply.
 *
 * @example
 * const md = new MarkdownStream();
 * host.append(md.element);
 * md.append('# Hi\n\nSome **bold');   // rendered on the next frame
 * md.finish();                        // renders the rest now
 */
export class MarkdownStream {
  /** The element the reply is rendered into; insert it once, it is updated in place. */
  readonly element: HTMLElement;
  private source = '';
  /** Characters of `source` already rendered as frozen blocks. */
  private frozen = 0;
  private readonly tail: HTMLElement;
  private fence: OpenFence | null = null;
  /** The group frozen blocks are currently appended to. */
  private group: HTMLElement | undefined;
  private scheduled = false;
  private finished = false;
  private readonly options: MarkdownStreamOptions;

  constructor(options: MarkdownStreamOptions = {}) {
    this.options = options;
    this.element = document.createElement('div');
    this.element.className = 'markdown';
    this.tail = document.createElement('div');
    this.tail.className = 'markdown-tail';
    this.element.append(this.tail);
  }

  /** The markdown received so far. */
  get text(): string {
    return this.source;
  }

  /** Adds streamed text; rendering happens on the next scheduled pass. */
  append(delta: string): void {
    if (delta === '' || this.finished) return;
    // Carriage returns only confuse block boundaries; markdown treats them as newlines.
    this.source += delta.replace(/\r/g, '');
    this.requestRender();
  }

  /** Marks the reply complete and renders everything that is left, synchronously. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.render();
  }

  /** Renders now what has arrived (normally called by the scheduler). */
  render(): void {
    this.scheduled = false;
    // Each turn of the loop either freezes at least one block or stops.
    for (;;) {
      if (this.fence) {
        if (!this.advanceFence()) break;
        continue;
      }
      this.skipBlankLines();
      const rest = this.source.slice(this.frozen);
      const open = OPEN_FENCE.exec(rest);
      if (open && !this.finished) {
        this.openFence(open);
        continue;
      }
      if (!this.renderTail(rest)) break;
    }
    this.options.onRender?.();
  }

  private requestRender(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const schedule = this.options.schedule ?? defaultSchedule;
    schedule(() => {
      if (this.scheduled) this.render();
    });
  }

  private skipBlankLines(): void {
    let i = this.frozen;
    while (this.source.charCodeAt(i) === 10) i++;
    this.frozen = i;
  }

  /**
   * Lexes the tail, freezes every block but the last, and renders the last
   * one into the tail element. Returns true when blocks were frozen (so the
   * caller looks again: the rest may now start with a code fence).
   */
  private renderTail(rest: string): boolean {
    if (rest === '') {
      this.tail.replaceChildren();
      return false;
    }
    const tokens = marked.lexer(rest);
    let lastContent = tokens.length - 1;
    while (lastContent >= 0 && tokens[lastContent]!.type === 'space') lastContent--;
    const freezeCount = this.finished ? tokens.length : Math.max(0, lastContent);
    if (freezeCount > 0) {
      const done = tokens.slice(0, freezeCount);
      const raw = done.map((t) => t.raw).join('');
      // The lexer's raws tile its input; if they ever do not, freeze nothing
      // rather than drop or duplicate text.
      if (rest.startsWith(raw) && raw.length > 0) {
        this.freezeBlocks(done);
        this.frozen += raw.length;
        if (this.finished) this.tail.replaceChildren();
        return !this.finished;
      }
    }
    this.tail.replaceChildren(sanitizeToFragment(marked.parser(tokens)));
    return false;
  }

  private freezeBlocks(tokens: Token[]): void {
    const fragment = sanitizeToFragment(marked.parser(tokens));
    for (const code of fragment.querySelectorAll<HTMLElement>('pre > code')) void highlightCode(code);
    // Frozen blocks go into groups of a bounded size. A change to the tail
    // then re-lays out only the tail and a handful of groups (each a single
    // cached box), rather than every block of a long reply, which made
    // layout per frame grow with the reply's length.
    if (!this.group || this.group.childElementCount >= GROUP_SIZE) {
      this.group = document.createElement('div');
      this.group.className = 'markdown-group';
      this.element.insertBefore(this.group, this.tail);
    }
    this.group.append(fragment);
  }

  private openFence(match: RegExpExecArray): void {
    const info = match[2]!.trim();
    const pre = document.createElement('pre');
    const code = document.createElement('code');
    const language = /^[\w+#-]+/.exec(info)?.[0];
    if (language) code.className = `language-${language}`;
    pre.append(code);
    this.tail.replaceChildren(pre);
    const contentStart = this.frozen + match[0].length;
    this.fence = { fence: match[1]!, contentStart, shown: contentStart, scanFrom: contentStart, code };
  }

  /**
   * Looks for the closing fence in the lines that arrived since the last
   * pass. Returns true when the block closed (and was frozen).
   */
  private advanceFence(): boolean {
    const fence = this.fence!;
    const closeChar = fence.fence[0] === '`' ? '`' : '~';
    let lineStart = fence.scanFrom;
    for (;;) {
      const lineEnd = this.source.indexOf('\n', lineStart);
      // A last line without its newline may still grow ("``" → "```js"), unless the reply is done.
      if (lineEnd < 0 && !this.finished) break;
      const end = lineEnd < 0 ? this.source.length : lineEnd;
      const line = this.source.slice(lineStart, end);
      if (isClosingFence(line, closeChar, fence.fence.length)) {
        const blockEnd = lineEnd < 0 ? end : end + 1;
        this.fence = null;
        this.tail.replaceChildren();
        this.freezeBlocks(marked.lexer(this.source.slice(this.frozen, blockEnd)));
        this.frozen = blockEnd;
        return true;
      }
      if (lineEnd < 0) break;
      lineStart = lineEnd + 1;
    }
    fence.scanFrom = lineStart;
    if (this.finished) {
      // An unclosed fence at the end of a reply: it is code to the end.
      this.fence = null;
      this.tail.replaceChildren();
      this.freezeBlocks(marked.lexer(this.source.slice(this.frozen)));
      this.frozen = this.source.length;
      return false;
    }
    // Show the new code as plain text: appending to a text node costs only the delta.
    if (this.source.length > fence.shown) {
      fence.code.append(this.source.slice(fence.shown));
      fence.shown = this.source.length;
    }
    return false;
  }
}

function isClosingFence(line: string, char: string, minLength: number): boolean {
  const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return match !== null && match[1]![0] === char && match[1]!.length >= minLength;
}

function defaultSchedule(render: () => void): void {
  // rAF batches to one pass per frame; the timeout covers hidden tabs, where
  // rAF does not fire but the text should still be there when they return.
  let done = false;
  const run = (): void => {
    if (done) return;
    done = true;
    render();
  };
  requestAnimationFrame(run);
  setTimeout(run, 250);
}
