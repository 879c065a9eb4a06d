/**
 * One animation-frame callback for all of the element's render passes, and
 * one time budget they share. Several replies rendering at once (a reloaded
 * thread, two chats on a page) would otherwise each take their own budget in
 * the same frame and add up to a long task.
 */

/**
 * Main-thread time the passes of one frame may take together, layout
 * included, in ms. Well under a frame: on a loaded machine the same work
 * takes two or three times as long, and must still stay far from a 50 ms task.
 */
export const FRAME_BUDGET_MS = 6;

let queue: Array<() => void> = [];
let requested = false;
/** While passes run: when this frame's budget ends (performance.now() time). */
let deadline: number | undefined;

/**
 * Runs `pass` in the next animation frame, after the passes queued before it,
 * if the frame's budget is not spent by then (else in the frame after).
 *
 * @example
 * schedulePass(() => stream.render());
 */
export function schedulePass(pass: () => void): void {
  queue.push(pass);
  if (requested) return;
  requested = true;
  // rAF batches to one callback per frame; the timeout covers hidden tabs,
  // where rAF does not fire but the text should still be there when they return.
  let ran = false;
  const run = (): void => {
    if (ran) return;
    ran = true;
    requested = false;
    runFrame();
  };
  requestAnimationFrame(run);
  setTimeout(run, 250);
}

function runFrame(): void {
  const passes = queue;
  queue = [];
  deadline = performance.now() + FRAME_BUDGET_MS;
  let next = 0;
  try {
    while (next < passes.length && performance.now() < deadline) passes[next++]!();
  } finally {
    deadline = undefined;
    const left = passes.slice(next);
    if (left.length > 0) {
      // Passes the budget did not reach go first next frame, before any queued meanwhile.
      const later = queue;
      queue = [];
      for (const pass of [...left, ...later]) schedulePass(pass);
    }
  }
}

/** When the current frame's budget ends, if called from a pass this scheduler runs; else undefined. */
export function frameDeadline(): number | undefined {
  return deadline;
}
