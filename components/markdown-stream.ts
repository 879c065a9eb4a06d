/**
 * Streams markdown into the DOM in time linear in its length, in bounded
 * slices of work per frame.
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
 * block — so while a fence is open its lines are highlighted and appended to
 * a `<code>` as they complete, with no markdown parsing at all, and the
 * block is frozen as it stands when the closing fence arrives.
 *
 * A pass never renders more than it can in its time budget. Text that
 * arrives in a burst (a fast model, a tab back from the background, a worker
 * batch of 80 KB) is rendered in slices of at most `sliceChars` source
 * characters, each ending at a line end, and what the budget does not reach
 * is carried to the next frame. That is correct by the invariant above: a
 * prefix of the reply renders exactly as if only that prefix had arrived, so
 * each slice pretends its end is the end of the text so far.
 */
import { Marked, type Token } from 'marked';
import { sanitizeToFragment } from './sanitize.js';
import { StreamingHighlighter, highlightCode } from './highlight.js';
import { FRAME_BUDGET_MS, frameDeadline, schedulePass } from './frame-scheduler.js';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** Frozen blocks per group element (see `appendFrozen`). */
const GROUP_SIZE = 24;

/** Source characters per slice: a few milliseconds of lexing, parsing and sanitising. */
const SLICE_CHARS = 1024;

/** At most this much layout per ms of rendering is assumed, so a pass always has time to write something. */
const MAX_LAYOUT_RATIO = 4;

/** An opening code fence at the very start of the text, with its info string. */
const OPEN_FENCE = /^( {0,3})(`{3,}|~{3,})([^\n]*)\n/;

interface OpenFence {
  /** The fence characters; the closing fence uses the same character, at least as many. */
  fence: string;
  /** Spaces before the opening fence; removed from each code line, as CommonMark says. */
  indent: number;
  /** Where the next line to scan (for the closing fence) and to show starts. */
  lineStart: number;
  pre: HTMLElement;
  highlighter: StreamingHighlighter;
}

/** Options of a `MarkdownStream`. */
export interface MarkdownStreamOptions {
  /** Called after each render pass, once (the element keeps its log scrolled with it). */
  onRender?: () => void;
  /** How to schedule a render pass; default: the next animation frame, sharing its budget with other streams. */
  schedule?: (render: () => void) => void;
  /** Main-thread time one pass may spend before it carries the rest to the next pass; default 6 ms (`FRAME_BUDGET_MS`). */
  budgetMs?: number;
  /** Most source characters rendered per slice of a pass; default 1024. */
  sliceChars?: number;
  /** The clock the budget is measured with; default `performance.now`. */
  now?: () => number;
}

/**
 * Incremental markdown renderer for one streamed reply.
 *
 * @example
 * const md = new MarkdownStream();
 * host.append(md.element);
 * md.append('# Hi\n\nSome **bold');   // rendered on the next frame
 * md.finish();                        // the rest is rendered over the next frames
 * await md.renderComplete;            // …and now it is all on screen
 */
export class MarkdownStream {
  /** The element the reply is rendered into; insert it once, it is updated in place. */
  readonly element: HTMLElement;
  private source = '';
  /** The part of `source` the current slice renders (a prefix of it, ending at a line end). */
  private view = '';
  /** True while the current slice is the end of a finished reply. */
  private complete = false;
  /** Characters of `source` the passes have rendered so far. */
  private shown = 0;
  /** Characters of `source` already rendered as frozen blocks. */
  private frozen = 0;
  private readonly tail: HTMLElement;
  /** Lexed tail blocks waiting to be shown at the end of the pass (only the last slice's matter). */
  private tailTokens: Token[] | undefined;
  private fence: OpenFence | null = null;
  /** The group frozen blocks are currently appended to. */
  private group: HTMLElement | undefined;
  private scheduled = false;
  /** Identifies the current scheduled pass, so a stale callback never runs a second pass in a frame. */
  private ticket = 0;
  private finished = false;
  /** True once the finished reply has been rendered to its end. */
  private done = false;
  private waiters: Array<() => void> = [];
  /** Layout time per ms of rendering, as `onRender` measured it in the last passes; until then, as much again. */
  private layoutRatio = 1;
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

  /**
   * Resolves once everything appended so far is on screen (after `finish()`,
   * the whole reply). Never rejects.
   */
  get renderComplete(): Promise<void> {
    if (!this.pending()) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Adds streamed text; rendering happens in the next scheduled passes. */
  append(delta: string): void {
    if (delta === '' || this.finished) return;
    // Carriage returns only confuse block boundaries; markdown treats them as newlines.
    this.source += delta.replace(/\r/g, '');
    this.requestRender();
  }

  /** Marks the reply complete; the rest is rendered by the next passes (see `renderComplete`). */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.requestRender();
  }

  /**
   * Renders, now, as much of what has arrived as the budget allows, and
   * schedules a pass for the rest (normally called by the scheduler).
   */
  render(): void {
    this.scheduled = false;
    const now = this.options.now ?? (() => performance.now());
    const start = now();
    let budget = this.options.budgetMs ?? FRAME_BUDGET_MS;
    // The shared frame scheduler's budget, when it runs this pass; a custom scheduler owns its frames.
    const shared = this.options.schedule ? undefined : frameDeadline();
    if (shared !== undefined) budget = Math.min(budget, shared - start);
    // The budget covers the layout the pass causes too, which grows with what it writes.
    const deadline = start + budget / (1 + this.layoutRatio);
    const wanted = this.pending();
    // The first slice always runs, so every pass makes progress whatever its budget.
    for (let first = true; this.pending() && (first || now() < deadline); first = false) this.renderSlice();
    this.showTail();
    if (this.pending()) this.requestRender();
    // Layout is read once per pass, after all its writes, never per slice.
    if (wanted && this.options.onRender) {
      const wrote = now() - start;
      const before = now();
      this.options.onRender();
      // A smoothed layout-to-writing ratio; passes too short to time leave it as it is.
      if (wrote >= 1) this.layoutRatio = Math.min(MAX_LAYOUT_RATIO, (this.layoutRatio + (now() - before) / wrote) / 2);
    }
    if (!this.pending()) for (const resolve of this.waiters.splice(0)) resolve();
  }

  /** True while some text (or the finish) is not rendered yet. */
  private pending(): boolean {
    return this.shown < this.source.length || (this.finished && !this.done);
  }

  private requestRender(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const ticket = ++this.ticket;
    const schedule = this.options.schedule ?? schedulePass;
    schedule(() => {
      if (this.scheduled && ticket === this.ticket) this.render();
    });
  }

  /** Renders the next slice: source up to at most `sliceChars` further, cut at a line end. */
  private renderSlice(): void {
    let end = this.source.length;
    const limit = this.shown + (this.options.sliceChars ?? SLICE_CHARS);
    if (end > limit) {
      const cut = this.source.lastIndexOf('\n', limit - 1);
      end = cut >= this.shown ? cut + 1 : limit;
      // A line longer than a slice is cut mid-line; never between the halves of a surrogate pair.
      if (cut < this.shown && /[\uD800-\uDBFF]/.test(this.source.charAt(end - 1))) end--;
    }
    this.view = this.source.slice(0, end);
    this.complete = this.finished && end === this.source.length;
    this.advance();
    this.shown = end;
    if (this.complete) this.done = true;
  }

  /** Renders `view` as far as it goes: frozen blocks, the open fence, the tail's tokens. */
  private advance(): void {
    // Each turn of the loop either freezes at least one block or stops.
    for (;;) {
      if (this.fence) {
        if (!this.advanceFence()) break;
        continue;
      }
      this.skipBlankLines();
      const rest = this.view.slice(this.frozen);
      const open = OPEN_FENCE.exec(rest);
      if (open && !this.complete) {
        this.openFence(open);
        continue;
      }
      if (!this.lexTail(rest)) break;
    }
  }

  private skipBlankLines(): void {
    let i = this.frozen;
    while (this.view.charCodeAt(i) === 10) i++;
    this.frozen = i;
  }

  /**
   * Lexes the tail and freezes every block but the last; the last one waits
   * in `tailTokens` to be shown when the pass ends. Returns true when blocks
   * were frozen (so the caller looks again: the rest may now start with a
   * code fence).
   */
  private lexTail(rest: string): boolean {
    if (rest === '') {
      this.tailTokens = [];
      return false;
    }
    const tokens = marked.lexer(rest);
    let lastContent = tokens.length - 1;
    while (lastContent >= 0 && tokens[lastContent]!.type === 'space') lastContent--;
    const freezeCount = this.complete ? tokens.length : Math.max(0, lastContent);
    if (freezeCount > 0) {
      const done = tokens.slice(0, freezeCount);
      const raw = done.map((t) => t.raw).join('');
      // The lexer's raws tile its input; if they ever do not, freeze nothing
      // rather than drop or duplicate text.
      if (rest.startsWith(raw) && raw.length > 0) {
        this.freezeBlocks(done);
        this.frozen += raw.length;
        if (this.complete) this.tailTokens = [];
        return !this.complete;
      }
    }
    this.tailTokens = tokens;
    return false;
  }

  /** Shows the last slice's tail blocks: one parse and sanitise per pass, not per slice. */
  private showTail(): void {
    const tokens = this.tailTokens;
    if (!tokens) return;
    this.tailTokens = undefined;
    if (tokens.length > 0) this.tail.replaceChildren(sanitizeToFragment(marked.parser(tokens)));
    // Emptied with no node at all, so the styles' `.markdown-tail:empty` holds.
    else this.tail.replaceChildren();
  }

  private freezeBlocks(tokens: Token[]): void {
    const fragment = sanitizeToFragment(marked.parser(tokens));
    for (const code of fragment.querySelectorAll<HTMLElement>('pre > code')) highlightCode(code);
    this.appendFrozen(fragment);
  }

  private appendFrozen(node: Node): void {
    // Frozen blocks go into groups of a bounded size. A change to the tail
    // then re-lays out only the tail and a handful of groups (each a single
    // cached box), rather than every block of a long reply, which made
    // layout per frame grow with the reply's length.
    if (!this.group || this.group.childElementCount >= GROUP_SIZE) {
      this.group = document.createElement('div');
      this.group.className = 'markdown-group';
      this.element.insertBefore(this.group, this.tail);
    }
    this.group.append(node);
  }

  private openFence(match: RegExpExecArray): void {
    const info = match[3]!.trim();
    const pre = document.createElement('pre');
    const code = document.createElement('code');
    const language = /^[\w+#-]+/.exec(info)?.[0];
    if (language) code.className = `language-${language}`;
    pre.append(code);
    this.tail.replaceChildren(pre);
    // The tail now shows the fence; tokens of an earlier slice are stale.
    this.tailTokens = undefined;
    const lineStart = this.frozen + match[0].length;
    this.fence = { fence: match[2]!, indent: match[1]!.length, lineStart, pre, highlighter: new StreamingHighlighter(code) };
  }

  /**
   * Shows the lines that completed since the last slice, highlighted, and
   * looks among them for the closing fence. Returns true when the block
   * closed (and was frozen).
   */
  private advanceFence(): boolean {
    const fence = this.fence!;
    const closeChar = fence.fence[0] === '`' ? '`' : '~';
    const first = fence.lineStart;
    let lineStart = first;
    let closed = -1;
    for (;;) {
      const lineEnd = this.view.indexOf('\n', lineStart);
      // A last line without its newline may still grow ("``" → "```js"), unless the reply is done.
      if (lineEnd < 0 && !this.complete) break;
      const end = lineEnd < 0 ? this.view.length : lineEnd;
      if (isClosingFence(this.view.slice(lineStart, end), closeChar, fence.fence.length)) {
        closed = lineEnd < 0 ? end : end + 1;
        break;
      }
      if (lineEnd < 0) {
        lineStart = end;
        break;
      }
      lineStart = lineEnd + 1;
    }
    fence.highlighter.pushLines(dedent(this.view.slice(first, lineStart), fence.indent));
    fence.lineStart = lineStart;
    if (closed < 0 && !this.complete) {
      fence.highlighter.showPartial(dedent(this.view.slice(lineStart), fence.indent));
      return false;
    }
    // Closed, or an unclosed fence at the end of a reply (it is code to the end): freeze it as it stands.
    fence.highlighter.showPartial('');
    this.fence = null;
    this.tail.replaceChildren();
    this.appendFrozen(fence.pre);
    this.frozen = closed < 0 ? this.view.length : closed;
    return closed >= 0;
  }
}

function isClosingFence(line: string, char: string, minLength: number): boolean {
  const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return match !== null && match[1]![0] === char && match[1]!.length >= minLength;
}

/** Removes up to `indent` leading spaces from each line. */
function dedent(text: string, indent: number): string {
  return indent === 0 ? text : text.replace(new RegExp(`^ {1,${indent}}`, 'gm'), '');
}
