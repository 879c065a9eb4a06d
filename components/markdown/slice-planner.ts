/**
 * How much a markdown stream renders at a time (see markdown-stream.ts):
 * where the next slice of a burst ends, and how long a render pass may go on
 * before it leaves the rest to the next frame.
 *
 * Slices end at a line end, at most `sliceChars` source characters past what
 * is shown — except while the tail settles nothing (a long list, table or
 * paragraph is one block until something follows it): every slice lexes such
 * a tail whole, so fixed slices of a burst would cost its length squared.
 * Then the next slice reaches at least as far again as that tail, and the
 * lexing of a burst stays within about twice the tail's final length (a
 * geometric series).
 *
 * A pass's budget covers the layout it causes too, which grows with what it
 * writes: the pass writes for `budget / (1 + ratio)` ms, where `ratio` is the
 * layout time per ms of writing measured over the last passes.
 *
 * @example
 * nextSliceEnd('a\nb\nc\n', { shown: 0, frozen: 0, unsettled: 0 }, 3); // → 2 (after "a\n")
 */

/** Source characters per slice: a few milliseconds of lexing, parsing and sanitising. */
export const SLICE_CHARS = 1024;

/** At most this much layout per ms of rendering is assumed, so a pass always has time to write something. */
const MAX_LAYOUT_RATIO = 4;

/** Where a stream stands in its source. */
export interface StreamPosition {
  /** Characters the passes have rendered so far. */
  shown: number;
  /** Characters rendered as frozen blocks (where the tail starts). */
  frozen: number;
  /** Length of the tail the last slice lexed when it settled nothing; 0 when it did. */
  unsettled: number;
}

/** The end of the next slice of `source`: see the header. Never between the halves of a surrogate pair. */
export function nextSliceEnd(source: string, at: StreamPosition, sliceChars = SLICE_CHARS): number {
  const grown = at.unsettled > 0 ? at.frozen + 2 * at.unsettled : 0;
  const limit = Math.max(at.shown + sliceChars, grown);
  if (source.length <= limit) return source.length;
  const cut = source.lastIndexOf('\n', limit - 1);
  if (cut >= at.shown) return cut + 1;
  // A line longer than a slice is cut mid-line.
  return /[\uD800-\uDBFF]/.test(source.charAt(limit - 1)) ? limit - 1 : limit;
}

/** One render pass's time: when it started and when it must stop writing. */
export interface Pass {
  readonly start: number;
  readonly deadline: number;
}

/** The time each render pass of one stream may take, learning how much layout its writing causes. */
export class FrameBudget {
  readonly #budgetMs: number;
  readonly #now: () => number;
  /** Layout time per ms of writing, as measured in the last passes; until then, as much again. */
  #layoutRatio = 1;

  constructor(budgetMs: number, now: () => number = () => performance.now()) {
    this.#budgetMs = budgetMs;
    this.#now = now;
  }

  /** A pass starting now; `sharedDeadline`: the frame's own deadline, when the pass shares a frame with others. */
  begin(sharedDeadline?: number): Pass {
    const start = this.#now();
    const budget = sharedDeadline === undefined ? this.#budgetMs : Math.min(this.#budgetMs, sharedDeadline - start);
    return { start, deadline: start + budget / (1 + this.#layoutRatio) };
  }

  /** True when `pass` has no writing time left. */
  over(pass: Pass): boolean {
    return this.#now() >= pass.deadline;
  }

  /** Runs `layout` (what reads the layout the pass caused) once, and learns from its time against the pass's writing time. */
  layout(pass: Pass, layout: () => void): void {
    const wrote = this.#now() - pass.start;
    const before = this.#now();
    layout();
    // A smoothed ratio; passes too short to time leave it as it is.
    if (wrote >= 1) this.#layoutRatio = Math.min(MAX_LAYOUT_RATIO, (this.#layoutRatio + (this.#now() - before) / wrote) / 2);
  }
}
