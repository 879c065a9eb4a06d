// @ts-check
/**
 * The first-reply benchmark (`npm run bench -- --only=first-reply`): main-thread
 * long tasks (> 50 ms, PerformanceObserver) while a **cold** `<agent-chat>`
 * streams its first reply. Each run is a new browser context (a new renderer
 * process: no module, compiled code, regular expression or font cached), the
 * standalone build (dist/cdn), a 2,000-token markdown reply (bench/stream-model.ts:
 * as fast as the loop takes it) sent the moment `agent.ready` resolves, watched
 * until it is final and on screen as markdown (bench/first-reply-frame.html;
 * test/cdn/first-reply.test.ts opens the same page).
 *
 * Baseline, in the same pages: the same element's second reply, when
 * everything is warm — what a reply costs once first use is paid.
 *
 * Figures are medians over the runs (a run's count, a run's longest task);
 * `first_reply.runs_with_longtask` says in how many runs any long task showed.
 * On a shared machine those wall-time figures measure the machine's load as
 * much as the element, so each run is also traced: `first_reply.max_task_cpu_ms`
 * is the CPU time of the first reply's longest main-thread task (beside
 * `…_warm_ms`, the warm reply's), which load barely moves.
 * When the first reply had one, the run prints `first_reply_long_frames`: the
 * long animation frames and the scripts that ran in them.
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url the bench server's origin
 * @param {{ runs: number, tokens: number }} options
 * @returns {Promise<Record<string, number | string>>}
 */
export async function measureFirstReply(browser, url, options) {
  /** @type {{ readyMs: number, first: Reply, warm: Reply[] }[]} */
  const runs = [];
  /** @type {{ first: number, warm: number }[]} */
  const cpu = [];
  for (let i = 0; i < options.runs; i++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      /** @type {Promise<Report>} */
      const reported = new Promise((resolve) => void page.exposeFunction('__firstReply', resolve));
      await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
      try {
        await page.goto(`${url}/bench/first-reply-frame.html?tokens=${options.tokens}`);
        const report = await reported;
        if ('error' in report) throw new Error(`first-reply bench: ${report.error}`);
        runs.push(report);
      } finally {
        cpu.push(longestCpuTasks(JSON.parse((await browser.stopTracing()).toString()).traceEvents));
      }
    } finally {
      await context.close();
    }
  }
  const longest = (/** @type {Reply} */ r) => Math.max(0, ...r.tasks);
  const frames = runs.flatMap((r, i) => r.first.frames.map((f) => `run ${i + 1}: ${f}`));
  return {
    'first_reply.runs': runs.length,
    'first_reply.longtasks': median(runs.map((r) => r.first.tasks.length)),
    'first_reply.longest_task_ms': median(runs.map((r) => longest(r.first))),
    'first_reply.runs_with_longtask': runs.filter((r) => r.first.tasks.length > 0).length,
    'first_reply.longtasks_warm': median(runs.map((r) => r.warm[0].tasks.length)),
    'first_reply.longest_task_warm_ms': median(runs.map((r) => longest(r.warm[0]))),
    'first_reply.runs_with_longtask_warm': runs.filter((r) => r.warm[0].tasks.length > 0).length,
    'first_reply.max_task_cpu_ms': median(cpu.map((c) => c.first)),
    'first_reply.max_task_cpu_warm_ms': median(cpu.map((c) => c.warm)),
    'first_reply.ready_ms': median(runs.map((r) => r.readyMs)),
    'first_reply.reply_ms': median(runs.map((r) => r.first.ms)),
    ...(frames.length ? { first_reply_long_frames: frames.join('\n') } : {}),
  };
}

/**
 * The CPU time of the longest main-thread task (Chromium's trace: a task's
 * thread time, `tdur`) during the first reply and during the warm one, in ms.
 * Unlike a long task's wall time it barely moves with the machine's load: a
 * descheduled task's wall time grows, its CPU time does not.
 * @param {Array<{ name: string, ph: string, pid: number, tid: number, ts: number, dur?: number, tdur?: number, args?: { name?: string } }>} events
 */
export function longestCpuTasks(events) {
  const markEvents = events.filter((e) => e.name === 'reply-start' || e.name === 'reply-end').sort((a, b) => a.ts - b.ts);
  if (markEvents.length < 4) return { first: Number.NaN, warm: Number.NaN };
  // The page's main thread is the one that made the marks: the trace covers every process of the
  // browser (another page, another test file running beside it).
  const { pid, tid } = markEvents[0];
  const marks = markEvents.map((e) => e.ts);
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'ThreadControllerImpl::RunTask' && e.pid === pid && e.tid === tid && e.tdur !== undefined);
  const longest = (/** @type {number} */ from, /** @type {number} */ to) =>
    Math.max(0, ...tasks.filter((t) => t.ts + (t.dur ?? 0) >= from && t.ts <= to).map((t) => (t.tdur ?? 0) / 1000));
  return { first: longest(marks[0], marks[1]), warm: longest(marks[2], marks[3]) };
}

/** The median of `values` (as bench/lib/stats.ts, which the pages use). @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** @typedef {{ tasks: number[], frames: string[], ms: number }} Reply */
/** @typedef {{ readyMs: number, first: Reply, warm: Reply[] } | { error: string }} Report */
