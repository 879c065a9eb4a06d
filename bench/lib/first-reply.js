// @ts-check
/**
 * The first-reply benchmark (`npm run bench -- --only=first-reply`): main-thread
 * long tasks (> 50 ms, PerformanceObserver) while a **cold** `<agent-chat>`
 * does something for the first time. Each run is a new browser context (a new
 * renderer process: no module, compiled code, regular expression or font
 * cached), the standalone build (dist/cdn), the action started the moment
 * `agent.ready` resolves and watched until it is over and on screen
 * (bench/first-reply-frame.html; test/cdn/first-reply.suite.ts opens the same
 * page). The actions (SCENARIOS): the first reply (a 2,000-token markdown reply
 * from bench/stream-model.ts, as fast as the loop takes it), the first tool
 * card (`page_outline`, then the reply), the first approval panel (`dom_query`,
 * then `click`, approved as soon as the panel shows, then the reply), and the
 * first thread load (open the thread list, open a stored thread holding a tool
 * card and a long reply).
 *
 * Baseline, in the same pages: the same element doing the same again, when
 * everything is warm — what the action costs once first use is paid.
 *
 * Figures (per action: `first_reply.`, `first_tool.`, `first_approval.`,
 * `first_thread.`) are medians over the runs (a run's count, a run's longest
 * task); `….runs_with_longtask` says in how many runs any long task showed.
 * On a shared machine those wall-time figures measure the machine's load as
 * much as the element, so each run is also traced: `….max_task_cpu_ms` is the
 * CPU time of the cold action's longest main-thread task (beside `…_warm_ms`,
 * the warm one's), which load barely moves. When the cold action had one, the
 * run prints `…_long_frames`: the long animation frames and the scripts that
 * ran in them.
 */

/**
 * The first uses the suite measures: the page's `?scenario=` and the figures' prefix.
 * `thread` opens a thread stored beforehand (`seed`). The first reply (and thread) start at
 * `ready`, the worst case; a tool is first called 2 s after `ready` (`delay`), as when the user
 * types the question: what the element loads in idle time by then is what a user gets.
 */
export const SCENARIOS = [
  { scenario: 'reply', prefix: 'first_reply' },
  { scenario: 'tool', prefix: 'first_tool', delay: 2000 },
  { scenario: 'approval', prefix: 'first_approval', delay: 2000 },
  { scenario: 'thread', prefix: 'first_thread', seed: true },
];

/**
 * @param {import('playwright-core').Browser} browser
 * @param {string} url the bench server's origin
 * @param {{ runs: number, tokens: number }} options
 * @returns {Promise<Record<string, number | string>>}
 */
export async function measureFirstReply(browser, url, options) {
  /** @type {Record<string, number | string>} */
  const figures = {};
  for (const { scenario, prefix, seed, delay = 0 } of SCENARIOS) {
    const path = `/bench/first-reply-frame.html?tokens=${options.tokens}&scenario=${scenario}&delay=${delay}`;
    /** @type {ColdRun[]} */
    const runs = [];
    for (let i = 0; i < options.runs; i++) {
      const run = await coldRun(browser, `${url}${path}`, seed ? `${url}/bench/first-reply-frame.html?tokens=${options.tokens}&scenario=seed` : undefined);
      if ('error' in run.report) throw new Error(`first-reply bench (${scenario}): ${run.report.error}`);
      runs.push(run);
    }
    Object.assign(figures, summarize(prefix, runs));
  }
  return figures;
}

/**
 * One cold page: a new browser context (a new renderer process: nothing compiled or cached) opens
 * `pageUrl`, traced, and resolves with what the page reported (`window.__firstReply`) and the CPU
 * time of the longest main-thread task in its first two measured windows. With `seedUrl`, that
 * page runs first in a context of its own, and the new context starts with the origin storage
 * (IndexedDB included) it left: stored threads without anything warm.
 * test/support/cold-page-plugin.js runs the test's cold pages through here too.
 * @param {import('playwright-core').Browser} browser
 * @param {string} pageUrl
 * @param {string} [seedUrl]
 * @param {number} [timeoutMs]
 * @param {boolean} [trace] false: no trace (`cpu` is NaN), so a run may go on while another test's run traces (a browser records one trace at a time)
 * @returns {Promise<ColdRun>}
 */
export async function coldRun(browser, pageUrl, seedUrl, timeoutMs = 120_000, trace = true) {
  /** @type {Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>> | undefined} */
  let storageState;
  if (seedUrl) {
    const seeding = await browser.newContext();
    try {
      const report = /** @type {{ error?: string }} */ (await reportOf(await seeding.newPage(), seedUrl, timeoutMs));
      if (report.error) return { report: { error: `seeding: ${report.error}` }, cpu: { first: Number.NaN, warm: Number.NaN } };
      storageState = await seeding.storageState({ indexedDB: true });
    } finally {
      await seeding.close();
    }
  }
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    if (trace) await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    /** @type {Report} */
    let report;
    try {
      report = /** @type {Report} */ (await reportOf(page, pageUrl, timeoutMs));
    } catch (err) {
      report = { error: String(err) };
    }
    if (!trace) return { report, cpu: { first: Number.NaN, warm: Number.NaN } };
    return { report, cpu: longestCpuTasks(JSON.parse((await browser.stopTracing()).toString()).traceEvents) };
  } finally {
    await context.close();
  }
}

/** Opens `url` in `page` and resolves with what it reports through `window.__firstReply`, or an error after `timeoutMs`. */
async function reportOf(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ url, /** @type {number} */ timeoutMs) {
  /** @type {(report: unknown) => void} */
  let reported = () => {};
  const report = new Promise((resolve) => (reported = resolve));
  await page.exposeFunction('__firstReply', reported);
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  try {
    await page.goto(url);
    const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve({ error: `${url} reported nothing in ${timeoutMs} ms` }), timeoutMs)));
    return await Promise.race([report, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A scenario's figures: medians over the runs of the cold action and of the same action warm.
 * @param {string} prefix
 * @param {ColdRun[]} coldRuns
 */
function summarize(prefix, coldRuns) {
  const runs = coldRuns.map((r) => /** @type {Exclude<Report, { error: string }>} */ (r.report));
  const longest = (/** @type {Reply} */ r) => Math.max(0, ...r.tasks);
  const frames = runs.flatMap((r, i) => r.first.frames.map((f) => `run ${i + 1}: ${f}`));
  return {
    [`${prefix}.runs`]: runs.length,
    [`${prefix}.longtasks`]: median(runs.map((r) => r.first.tasks.length)),
    [`${prefix}.longest_task_ms`]: median(runs.map((r) => longest(r.first))),
    [`${prefix}.runs_with_longtask`]: runs.filter((r) => r.first.tasks.length > 0).length,
    [`${prefix}.longtasks_warm`]: median(runs.map((r) => r.warm[0].tasks.length)),
    [`${prefix}.longest_task_warm_ms`]: median(runs.map((r) => longest(r.warm[0]))),
    [`${prefix}.runs_with_longtask_warm`]: runs.filter((r) => r.warm[0].tasks.length > 0).length,
    [`${prefix}.max_task_cpu_ms`]: median(coldRuns.map((c) => c.cpu.first)),
    [`${prefix}.max_task_cpu_warm_ms`]: median(coldRuns.map((c) => c.cpu.warm)),
    [`${prefix}.ready_ms`]: median(runs.map((r) => r.readyMs)),
    [`${prefix}.action_ms`]: median(runs.map((r) => r.first.ms)),
    ...(runs[0].first.toolMs === undefined
      ? {}
      : { [`${prefix}.tool_ms`]: median(runs.map((r) => r.first.toolMs ?? Number.NaN)), [`${prefix}.tool_warm_ms`]: median(runs.map((r) => r.warm[0].toolMs ?? Number.NaN)) }),
    ...(frames.length ? { [`${prefix}_long_frames`]: frames.join('\n') } : {}),
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

/** @typedef {{ tasks: number[], frames: string[], ms: number, toolMs?: number }} Reply */
/** @typedef {{ readyMs: number, first: Reply, warm: Reply[] } | { error: string }} Report */
/** @typedef {{ report: Report, cpu: { first: number, warm: number } }} ColdRun */
