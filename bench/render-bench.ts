/**
 * The render benchmark: main-thread time to render a streamed markdown reply
 * through the element's renderer (`MarkdownStream`), against the naive way
 * (marked + DOMPurify + replace the whole reply on every render pass).
 *
 * The reply arrives as deltas of 1–3 tokens, `DELTAS_PER_FRAME` per frame
 * (about 1,000 tokens a second at 60 fps, faster than any model streams), and
 * each frame gets one render pass, as the agent's event batching and the
 * renderer's rAF scheduling give. Passes are driven synchronously here so the
 * figure is CPU time, not frames waited for: it is the sum over frames of the
 * appends, the render pass, the layout the element forces to stay scrolled to
 * the bottom, and the highlighting of finished code blocks.
 *
 * The machine is shared: a thread preempted mid-frame makes a 15 ms frame out
 * of a 2 ms one. So each reply is streamed `runs` times (the work is the
 * same each time; 5k and 20k take turns, so a busy spell hits both), each
 * frame's time is its fastest of the runs, a total is the sum of its frames,
 * and `render.max_frame_ms` is the longest frame.
 *
 * The naive baseline takes minutes at 20k tokens (it is quadratic), so it is
 * sampled: every `stride`-th pass is rendered and timed, counted `stride` times
 * (at most ~40 passes are rendered; the last pass always is).
 *
 * `render.max_raf_gap_ms` is the same 20k reply streamed on real animation
 * frames: the longest gap between rAF callbacks (vsync makes ~16.7 its floor).
 */
import { Marked } from 'marked';
import { MarkdownStream } from '../components/markdown/markdown-stream.js';
import { sanitizeToFragment } from '../components/markdown/sanitize.js';
import { markdownReply, toDeltas } from './markdown-corpus.js';

/** Deltas delivered per frame. */
export const DELTAS_PER_FRAME = 8;

/** Options of the render benchmark: reply sizes in tokens. */
export interface RenderBenchOptions {
  small: number;
  large: number;
  /** Also measure the naive baseline. */
  naive: boolean;
  /** Runs of each of our streams (default 3). */
  runs?: number;
}

interface Pass {
  total: number;
  /** Each frame's time, in order. */
  frames: number[];
}

const NAIVE_PASSES = 40;

/** A scroll box in the document, as the element's log is. */
function scrollBox(): HTMLElement {
  const box = document.createElement('div');
  box.style.cssText = 'height:600px;width:720px;overflow:auto;font:14px/1.5 system-ui';
  document.body.append(box);
  return box;
}

function stickToBottom(box: HTMLElement): void {
  box.scrollTop = box.scrollHeight;
}

async function streamOurs(deltas: string[]): Promise<Pass> {
  const box = scrollBox();
  let pending: (() => void) | undefined;
  const md = new MarkdownStream({ schedule: (render) => (pending = render), onRender: () => stickToBottom(box) });
  box.append(md.element);
  return frames(deltas, 1, (batch, last) => {
    for (const delta of batch) md.append(delta);
    if (last) md.finish();
    else pending?.();
    pending = undefined;
  }, box);
}

/** Each frame's fastest time across `passes` of the same stream, and their sum. */
function fastestFrames(passes: Pass[]): Pass {
  const frames = passes[0]!.frames.map((_, i) => Math.min(...passes.map((p) => p.frames[i]!)));
  return { total: frames.reduce((sum, t) => sum + t, 0), frames };
}

async function streamNaive(deltas: string[]): Promise<Pass> {
  const box = scrollBox();
  const marked = new Marked({ gfm: true, async: false });
  const element = document.createElement('div');
  box.append(element);
  let source = '';
  const frameCount = Math.ceil(deltas.length / DELTAS_PER_FRAME);
  const stride = Math.max(1, Math.ceil(frameCount / NAIVE_PASSES));
  return frames(deltas, stride, (batch, _last, timed) => {
    source += batch.join('');
    if (!timed) return;
    element.replaceChildren(sanitizeToFragment(marked.parse(source) as string));
    stickToBottom(box);
  }, box);
}

/**
 * Feeds `deltas` a frame at a time to `frame`, timing each frame's work
 * (microtasks included). With `stride` > 1 only every stride-th frame (and
 * the last) is timed, and counts `stride` times; the others only accumulate.
 */
async function frames(
  deltas: string[],
  stride: number,
  frame: (batch: string[], last: boolean, timed: boolean) => void,
  box: HTMLElement,
): Promise<Pass> {
  let total = 0;
  const times: number[] = [];
  for (let i = 0, n = 0; i < deltas.length; i += DELTAS_PER_FRAME, n++) {
    const last = i + DELTAS_PER_FRAME >= deltas.length;
    const timed = n % stride === stride - 1 || last;
    const start = performance.now();
    frame(deltas.slice(i, i + DELTAS_PER_FRAME), last, timed);
    await null; // highlighting continues in microtasks: count it in its frame
    const spent = performance.now() - start;
    if (timed) {
      total += spent * (last ? (n % stride) + 1 : stride);
      times.push(spent);
    }
    // Between frames the page paints and runs other tasks; none of that is ours to count.
    if (n % 16 === 15) await new Promise((r) => setTimeout(r, 0));
  }
  box.remove();
  return { total, frames: times };
}

/** Streams on real frames (default rAF scheduling), a batch per frame; the longest rAF gap. */
async function maxRafGap(deltas: string[]): Promise<number> {
  const box = scrollBox();
  const md = new MarkdownStream({ onRender: () => stickToBottom(box) });
  box.append(md.element);
  let longest = 0;
  let last = performance.now();
  await new Promise<void>((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      if (i > 0) longest = Math.max(longest, now - last);
      last = now;
      for (const delta of deltas.slice(i, i + DELTAS_PER_FRAME)) md.append(delta);
      i += DELTAS_PER_FRAME;
      if (i < deltas.length) requestAnimationFrame(tick);
      else resolve();
    };
    requestAnimationFrame(tick);
  });
  md.finish();
  box.remove();
  return longest;
}

/** Runs the render benchmark; figures in ms. */
export async function runRenderBench(options: RenderBenchOptions): Promise<Record<string, number>> {
  const small = toDeltas(markdownReply(options.small, 11));
  const large = toDeltas(markdownReply(options.large, 12));
  // Warm-up: JIT, the highlighter's lazy chunk, DOMPurify's instance.
  await streamOurs(toDeltas(markdownReply(options.small, 13)));
  await streamNaive(toDeltas(markdownReply(500, 14)));
  const smallPasses: Pass[] = [];
  const largePasses: Pass[] = [];
  for (let r = 0; r < (options.runs ?? 3); r++) {
    smallPasses.push(await streamOurs(small));
    largePasses.push(await streamOurs(large));
  }
  const ours5 = fastestFrames(smallPasses);
  const ours20 = fastestFrames(largePasses);
  const figures: Record<string, number> = {
    'render.tokens_small': options.small,
    'render.tokens_large': options.large,
    'render.stream_5k_ms': ours5.total,
    'render.stream_20k_ms': ours20.total,
    'render.linearity': ours20.total / ours5.total,
    'render.max_frame_ms': Math.max(...ours20.frames),
    'render.max_raf_gap_ms': await maxRafGap(large),
  };
  if (options.naive) {
    const naive5 = await streamNaive(small);
    const naive20 = await streamNaive(large);
    figures['render.naive_5k_ms'] = naive5.total;
    figures['render.naive_20k_ms'] = naive20.total;
    figures['render.naive_linearity'] = naive20.total / naive5.total;
    // Sampled passes include the last, longest one.
    figures['render.naive_max_frame_ms'] = Math.max(...naive20.frames);
  }
  return figures;
}
