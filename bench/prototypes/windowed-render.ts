/**
 * A prototype of the fix this bench proposes for `MarkdownStream` (the file
 * is not the bench's to change): render new source `windowChars` at a time,
 * for at most `budgetMs` per pass, and carry the rest to the next frame, so a
 * burst (a fast model, a worker batch of 80 KB) never becomes one long task. It is correct by the
 * renderer's own invariant — a prefix of the reply renders exactly as if only
 * that prefix had arrived yet — so each pass pretends the window is all there is.
 *
 * Installed by patching the class's prototype at run time, for measuring only.
 */
import { MarkdownStream } from '../../components/markdown-stream.js';

/** The renderer's runtime fields the patch reads (TypeScript-private, so reached through a cast). */
interface StreamInternals {
  source: string;
  frozen: number;
  finished: boolean;
  scheduled: boolean;
  /** Added by the patch: the end of the source the passes have shown so far. */
  windowEnd?: number;
  options: { onRender?: () => void };
  requestRender(): void;
}

let original: (() => void) | undefined;

/** Makes every `MarkdownStream` render `windowChars` at a time, at most `budgetMs` per pass. */
export function installWindowedRender(windowChars: number, budgetMs = 8): void {
  const proto = MarkdownStream.prototype as unknown as { render(): void };
  original ??= proto.render;
  const render = original;
  proto.render = function (this: StreamInternals) {
    const start = performance.now();
    const full = this.source;
    const finished = this.finished;
    // How far the passes so far have shown; each window starts where the last ended.
    let end = Math.max(this.windowEnd ?? 0, this.frozen);
    // One layout per pass, not one per window: the element's onRender reads scrollHeight.
    const options = this.options;
    this.options = { ...options, onRender: undefined };
    while (full.length - end > windowChars) {
      if (performance.now() - start > budgetMs) {
        this.options = options;
        options.onRender?.();
        this.windowEnd = end;
        this.scheduled = false;
        this.requestRender();
        return;
      }
      // End the window at a line end, so no line is cut in two.
      const limit = end + windowChars;
      const cut = full.lastIndexOf('\n', limit);
      end = cut > end ? cut + 1 : limit;
      this.source = full.slice(0, end);
      this.finished = false;
      try {
        render.call(this);
      } finally {
        this.source = full;
        this.finished = finished;
      }
    }
    this.options = options;
    this.windowEnd = full.length;
    render.call(this);
  };
}

/** Puts the renderer back as it was. */
export function uninstallWindowedRender(): void {
  if (original) (MarkdownStream.prototype as unknown as { render(): void }).render = original;
}
