/**
 * Streams markdown into the DOM in time linear in its length, in bounded
 * slices of work per frame.
 *
 * Invariant: whatever chunks the reply arrives in, and however the passes
 * fall, the final DOM is exactly `renderMarkdown(reply)` — the reply
 * rendered whole (`markdown-render.ts`, which renders block by block).
 *
 * A reply is a run of blocks. Blocks that are settled — no text that may
 * still arrive can change how they lex (`settled-blocks.ts`) — are rendered
 * once and frozen. Only the unsettled tail is re-lexed when text arrives,
 * and that work is batched to one pass per animation frame however many
 * deltas came in. A frozen block is rendered again in one case only: a link
 * reference definition that arrives later defines a label it refers to
 * (definitions apply to the whole reply, before and after them).
 *
 * Fenced code is the exception that would make this quadratic — a long code
 * block is one open block — so while a top-level fence is open its lines are
 * highlighted and appended to a `<code>` as they complete, with no markdown
 * parsing at all. Its `<pre><code>` shell and its text follow marked's own
 * rules (info string, indentation, closing fence, final newline); when it
 * closes, the text is checked against a whole render of the block, which
 * replaces it in the rare case they differ.
 *
 * A pass never renders more than it can in its time budget. Text that
 * arrives in a burst (a fast model, a tab back from the background, a worker
 * batch of 80 KB) is rendered in slices of at most `sliceChars` source
 * characters, each ending at a line end, and what the budget does not reach
 * is carried to the next frame. That is correct by the invariant above: a
 * prefix of the reply renders exactly as if only that prefix had arrived, so
 * each slice pretends its end is the end of the text so far. Where a slice
 * ends and how long a pass may write is `slice-planner.ts`'s to say.
 */
import type { Token } from 'marked';
import { StreamingHighlighter } from './highlight.js';
import { FRAME_BUDGET_MS, frameDeadline, schedulePass } from './frame-scheduler.js';
import { collectDefinitions, lexMarkdown, referencedLabels, renderBlocks, renderFenceShell, type LinkDefinitions } from './markdown-render.js';
import { settledBlockCount } from './settled-blocks.js';
import { FrameBudget, nextSliceEnd } from './slice-planner.js';
import { OPEN_FENCE, checkedFence, dedent, isClosingFence } from './code-fence.js';
import { withoutOpenMark } from './open-marks.js';

/** Whole-text rendering, re-exported so a finished text (a sub-agent's reply) needs no second markdown chunk. */
export { renderMarkdown } from './markdown-render.js';
/** The styles of what it writes, in its chunk (reply-renderers.ts adopts them). */
export { markdownStyles } from './markdown.styles.js';

/** Frozen blocks per group element (see `appendFrozen`). */
const GROUP_SIZE = 24;

/** Blank lines (spaces and tabs only) at the very start of the text. */
const BLANK_LINES = /^(?:[ \t]*\n)+/;

/** Blank lines at `lastIndex` (sticky), so no copy of the text is made to look. */
const BLANK_LINES_AT = /(?:[ \t]*\n)+/y;

interface OpenFence {
  /** Where the fenced block starts in the source (its opening line). */
  start: number;
  /** The fence characters; the closing fence starts with exactly these, then more of the same. */
  fence: string;
  /** Leading whitespace removed from each code line, as marked removes it (backtick fences only). */
  indent: number;
  /** Where the next line to scan (for the closing fence) and to show starts. */
  lineStart: number;
  pre: HTMLElement;
  highlighter: StreamingHighlighter;
}

/** A frozen block that may refer to link labels, kept so a later definition can render it again. */
interface ReferringBlock {
  source: string;
  labels: Set<string>;
  nodes: ChildNode[];
}

/** Options of a `MarkdownStream`. */
export interface MarkdownStreamOptions {
  /** Called after each render pass, once (the element keeps its log scrolled with it). */
  onRender?: () => void;
  /** How to schedule a render pass; default: the next animation frame, sharing its budget with other streams. */
  schedule?: (render: () => void) => void;
  /** Main-thread time one pass may spend before it carries the rest to the next pass; default 6 ms (`FRAME_BUDGET_MS`). */
  budgetMs?: number;
  /** Source characters rendered per slice of a pass (more while the tail settles nothing, see the header); default 1024. */
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
  /** The reply so far as it is rendered: line ends made `\n` (a `\r` at the very end waits for what follows it). */
  #source = '';
  /** True when the last delta ended with `\r`, not yet in `#source`: it may be the first half of `\r\n`. */
  #carriageReturn = false;
  /** The part of `#source` the current slice renders (a prefix of it, ending at a line end). */
  #view = '';
  /** True while the current slice is the end of a finished reply. */
  #complete = false;
  /** Characters of `#source` the passes have rendered so far. */
  #shown = 0;
  /** Characters of `#source` already rendered as frozen blocks. */
  #frozen = 0;
  readonly #tail: HTMLElement;
  /** Lexed tail blocks waiting to be shown at the end of the pass (only the last slice's matter). */
  #tailTokens: Token[] | undefined;
  #fence: OpenFence | null = null;
  /** The link reference definitions of the frozen blocks. */
  readonly #links: LinkDefinitions = Object.create(null) as LinkDefinitions;
  /** Frozen blocks with brackets in them: the only ones a later definition can change. */
  readonly #referring: ReferringBlock[] = [];
  /** The group frozen blocks are currently appended to. */
  #group: HTMLElement | undefined;
  #scheduled = false;
  /** Identifies the current scheduled pass, so a stale callback never runs a second pass in a frame. */
  #ticket = 0;
  #finished = false;
  /** True once the finished reply has been rendered to its end. */
  #done = false;
  #waiters: Array<() => void> = [];
  /** How long each pass may write (see slice-planner.ts). */
  readonly #budget: FrameBudget;
  /** Source characters lexed so far for the tail (see `lexedChars`). */
  #lexed = 0;
  /** Length of the tail the last slice lexed when it settled nothing; 0 when it did (see `#renderSlice`). */
  #unsettled = 0;
  readonly #options: MarkdownStreamOptions;

  constructor(options: MarkdownStreamOptions = {}) {
    this.#options = options;
    this.#budget = new FrameBudget(options.budgetMs ?? FRAME_BUDGET_MS, options.now);
    this.element = document.createElement('div');
    this.element.className = 'markdown';
    this.#tail = document.createElement('div');
    this.#tail.className = 'markdown-tail';
    this.element.append(this.#tail);
  }

  /** The markdown received so far, line ends made `\n`. */
  get text(): string {
    return this.#carriageReturn ? `${this.#source}\n` : this.#source;
  }

  /**
   * Resolves once everything appended so far is on screen (after `finish()`,
   * the whole reply). Never rejects.
   */
  get renderComplete(): Promise<void> {
    if (!this.#pending()) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  /**
   * Source characters this stream has lexed so far for its unsettled tail: a
   * measure of its work (tests read it). About the tail once per pass, and no
   * more than a few times the reply's length however large a burst is.
   */
  get lexedChars(): number {
    return this.#lexed;
  }

  /** Adds streamed text; rendering happens in the next scheduled passes. */
  append(delta: string): void {
    if (delta === '' || this.#finished) return;
    let text = this.#carriageReturn ? `\r${delta}` : delta;
    // `\r\n` and a lone `\r` are line ends, as in a whole parse, wherever the chunks split them.
    this.#carriageReturn = text.endsWith('\r');
    if (this.#carriageReturn) text = text.slice(0, -1);
    this.#source += text.replace(/\r\n?/g, '\n');
    this.#requestRender();
  }

  /** Marks the reply complete; the rest is rendered by the next passes (see `renderComplete`). */
  finish(): void {
    if (this.#finished) return;
    if (this.#carriageReturn) this.#source += '\n';
    this.#carriageReturn = false;
    this.#finished = true;
    this.#requestRender();
  }

  /**
   * Renders, now, as much of what has arrived as the budget allows, and
   * schedules a pass for the rest (normally called by the scheduler).
   */
  render(): void {
    this.#scheduled = false;
    // The shared frame scheduler's deadline, when it runs this pass; a custom scheduler owns its frames.
    const pass = this.#budget.begin(this.#options.schedule ? undefined : frameDeadline());
    const wanted = this.#pending();
    // The first slice always runs, so every pass makes progress whatever its budget.
    for (let first = true; this.#pending() && (first || !this.#budget.over(pass)); first = false) this.#renderSlice();
    this.#showTail();
    if (this.#pending()) this.#requestRender();
    // Layout is read once per pass, after all its writes, never per slice.
    if (wanted && this.#options.onRender) this.#budget.layout(pass, this.#options.onRender);
    if (!this.#pending()) for (const resolve of this.#waiters.splice(0)) resolve();
  }

  /** True while some text (or the finish) is not rendered yet. */
  #pending(): boolean {
    return this.#shown < this.#source.length || (this.#finished && !this.#done);
  }

  #requestRender(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    const ticket = ++this.#ticket;
    const schedule = this.#options.schedule ?? schedulePass;
    schedule(() => {
      if (this.#scheduled && ticket === this.#ticket) this.render();
    });
  }

  /** Renders the next slice: source up to at most `sliceChars` further, cut at a line end (slice-planner.ts). */
  #renderSlice(): void {
    const source = this.#source;
    const end = nextSliceEnd(source, { shown: this.#shown, frozen: this.#frozen, unsettled: this.#unsettled }, this.#options.sliceChars);
    this.#view = source.slice(0, end);
    this.#complete = this.#finished && end === source.length;
    this.#advance();
    this.#shown = end;
    if (this.#complete) this.#done = true;
  }

  /** Renders `#view` as far as it goes: frozen blocks, the open fence, the tail's tokens. */
  #advance(): void {
    // Each turn of the loop either freezes at least one block or stops.
    for (;;) {
      if (this.#fence) {
        if (!this.#advanceFence()) break;
        continue;
      }
      this.#skipBlankLines();
      const rest = this.#view.slice(this.#frozen);
      if (!this.#complete && this.#openFence(rest)) continue;
      if (!this.#lexTail(rest)) break;
    }
  }

  /** Moves past blank lines: they belong to no block (a blank line still being written might not stay blank). */
  #skipBlankLines(): void {
    BLANK_LINES_AT.lastIndex = this.#frozen;
    const blank = BLANK_LINES_AT.exec(this.#view);
    if (blank) this.#frozen += blank[0].length;
  }

  /**
   * Lexes the tail and freezes its settled blocks; the others wait in
   * `#tailTokens` to be shown when the pass ends. Returns true when the
   * caller should look again (blocks were frozen and the rest now starts
   * with a code fence).
   */
  #lexTail(rest: string): boolean {
    if (rest === '') {
      this.#unsettled = 0;
      this.#tailTokens = [];
      return false;
    }
    this.#lexed += rest.length;
    const tokens = lexMarkdown(rest, this.#links);
    const count = this.#complete ? tokens.length : settledBlockCount(tokens, rest);
    this.#unsettled = count === 0 ? rest.length : 0;
    if (count === 0) {
      this.#tailTokens = tokens;
      return false;
    }
    const done = tokens.slice(0, count);
    this.#freezeBlocks(done);
    this.#frozen += done.reduce((length, token) => length + token.raw.length, 0);
    this.#tailTokens = tokens.slice(count);
    if (this.#complete) return false;
    // The tail as lexed stays right, unless it opens a fence: that streams on its own path.
    return OPEN_FENCE.test(this.#view.slice(this.#frozen).replace(BLANK_LINES, ''));
  }

  /** Shows the last slice's tail blocks: one parse and sanitise per pass, not per slice. */
  #showTail(): void {
    const tokens = this.#tailTokens;
    if (!tokens) return;
    this.#tailTokens = undefined;
    // Emptied with no node at all, so the styles' `.markdown-tail:empty` holds.
    // While the reply streams, an inline mark its last block opened is not shown as text (open-marks.ts).
    const shown = this.#complete ? tokens : withoutOpenMark(tokens, (text) => lexMarkdown(text, this.#links));
    this.#tail.replaceChildren(...renderBlocks(shown).flat());
  }

  #freezeBlocks(tokens: Token[]): void {
    // Definitions made here may give meaning to references in blocks frozen before.
    const added = collectDefinitions(tokens, this.#links);
    if (added.length > 0) this.#renderReferringAgain(new Set(added));
    const rendered = renderBlocks(tokens);
    tokens.forEach((token, i) => {
      const nodes = rendered[i]!;
      if (nodes.length === 0) return;
      if (token.raw.includes('[')) this.#referring.push({ source: token.raw, labels: referencedLabels(token.raw), nodes });
      this.#appendFrozen(nodes);
    });
  }

  /** Renders again, in place, the frozen blocks that mention one of `labels`. */
  #renderReferringAgain(labels: Set<string>): void {
    for (const block of this.#referring) {
      if (![...block.labels].some((label) => labels.has(label))) continue;
      const nodes = renderBlocks(lexMarkdown(block.source, this.#links)).flat();
      const first = block.nodes[0];
      for (const node of nodes) first?.parentNode?.insertBefore(node, first);
      for (const node of block.nodes) node.remove();
      block.nodes = nodes;
    }
  }

  #appendFrozen(nodes: Node[]): void {
    // Frozen blocks go into groups of a bounded size. A change to the tail
    // then re-lays out only the tail and a handful of groups (each a single
    // cached box), rather than every block of a long reply, which made
    // layout per frame grow with the reply's length.
    if (!this.#group || this.#group.childElementCount >= GROUP_SIZE) {
      this.#group = document.createElement('div');
      this.#group.className = 'markdown-group';
      this.element.insertBefore(this.#group, this.#tail);
    }
    this.#group.append(...nodes);
  }

  /** Starts streaming a fenced code block when `rest` opens one on a complete line; returns whether it did. */
  #openFence(rest: string): boolean {
    const match = OPEN_FENCE.exec(rest);
    if (!match) return false;
    const fence = match[2] ?? match[4]!;
    const pre = renderFenceShell(match[0].slice(0, -1), fence);
    if (!pre) return false;
    const code = pre.firstElementChild as HTMLElement;
    this.#tail.replaceChildren(pre);
    // The tail now shows the fence; tokens of an earlier slice are stale.
    this.#tailTokens = undefined;
    // marked removes the opening fence's indentation from the lines of backtick fences only.
    const indent = match[2] ? match[1]!.length : 0;
    const lineStart = this.#frozen + match[0].length;
    this.#unsettled = 0;
    this.#fence = { start: this.#frozen, fence, indent, lineStart, pre, highlighter: new StreamingHighlighter(code) };
    return true;
  }

  /**
   * Shows the lines that completed since the last slice, highlighted, and
   * looks among them for the closing fence. Returns true when the block
   * closed (and was frozen).
   */
  #advanceFence(): boolean {
    const fence = this.#fence!;
    const view = this.#view;
    const first = fence.lineStart;
    let lineStart = first;
    let closed = -1;
    for (;;) {
      const lineEnd = view.indexOf('\n', lineStart);
      // A last line without its newline may still grow ("``" → "```js"), unless the reply is done.
      if (lineEnd < 0 && !this.#complete) break;
      const end = lineEnd < 0 ? view.length : lineEnd;
      if (isClosingFence(view.slice(lineStart, end), fence.fence)) {
        closed = end;
        break;
      }
      if (lineEnd < 0) {
        lineStart = end;
        break;
      }
      lineStart = lineEnd + 1;
    }
    fence.highlighter.pushLines(dedent(view.slice(first, lineStart), fence.indent));
    fence.lineStart = lineStart;
    if (closed < 0 && !this.#complete) {
      fence.highlighter.showPartial(dedent(view.slice(lineStart), fence.indent));
      return false;
    }
    // Closed, or an unclosed fence at the end of a reply (it is code to the end).
    fence.highlighter.showPartial('');
    this.#fence = null;
    this.#tail.replaceChildren();
    const end = closed < 0 ? view.length : closed;
    this.#appendFrozen(checkedFence(fence.pre, fence.highlighter, view.slice(fence.start, end)));
    this.#frozen = end;
    return closed >= 0;
  }
}
