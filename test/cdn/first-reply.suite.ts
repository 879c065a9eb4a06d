/**
 * The first uses of a cold `<agent-chat>` go without a hitch: from the
 * moment the element's agent is ready until a long markdown reply, sent at
 * once and streamed as fast as the model can, is final and on screen, no
 * main-thread task is long — judged on the task's CPU time. The same for the
 * first tool card, the first approval panel and the first thread load (the
 * page's scenarios; a stored thread is made in a page of its own first, and
 * the cold context starts with its storage).
 *
 * Each run is a new browser context (test/support/cold-page-plugin.js): the
 * standalone bundle is fetched, compiled and evaluated afresh, and nothing
 * of the renderer is warm (bench/first-reply-frame.html is the page; the
 * `first-reply` bench measures the same page). The page counts long tasks with
 * a PerformanceObserver; the plugin also traces the run, for each task's CPU
 * time (its thread time).
 *
 * The rule, and why. This machine has 2 cores shared by the test runner's two
 * concurrent files and other people's work (load averages of 20–40 were seen
 * while this was written). Busy, it deschedules a 5 ms task into a 60 ms one:
 * PerformanceObserver's long tasks (wall time) then show in warm replies as
 * often as in cold ones, and a rule on them judged the load, not the element
 * (tried: with a warm reply of the same page as a control, 10 of 12 runs had
 * to be thrown away, and what was left failed old and new code alike). CPU
 * time is what load stretches least, so the verdict is on the cold action's
 * longest task's CPU time: at most 50 / 3 ms — no long task on a CPU three
 * times slower than this one (a phone; Lighthouse's mobile runs throttle 4×)
 * — or, where the machine's own steady state is already near that, at most
 * WARM_FACTOR times the same action's longest task once warm, in the same
 * page. The second bound keeps the rule about first use rather than about
 * the machine: the reply's streaming frames cost 9 ms of CPU warm on the
 * machine the rule was written on, 11–14 ms on a quiet AMD EPYC one and
 * 13–21 ms there while another test file ran beside (2026-11-27), where the
 * fixed bound failed warm and cold alike. Cold code runs unoptimised, so a
 * cold frame costs more than its warm twin by a ratio, not by a fixed amount:
 * measured cold/warm of the reply, tool and approval cases 0.8–1.3; the
 * thread load's, while its rows' tooltips made ICU load its date formats
 * (now format-time.ts), 1.6–2.1, which this rule fails. The verdict is on
 * five runs, each cold action against the bound from its own warm twin (the
 * same page moments later, under the same load), and passes when the median
 * of those ratios is at most 1: a garbage collection or a page fault can
 * land in any task, and on CI's crowded machine single runs sat within 5% of
 * the bound either side (2026-11-29: cold/warm 19.7/12.9 ms beside another
 * file), so "at most one run of five over" failed a run in three there for
 * no change of the element's (CI of stops 42 and 43). Comparing the medians
 * of the cold and the warm runs apart failed in turn when the load changed
 * between runs (2026-11-29, cold/warm 19.3/14.2, 17.0/14.2, 11.9/10.7,
 * 11.8/9.8, 17.5/10.8 ms: the cold median came from a loaded run, the warm
 * one from a quiet one, 17.0 against a bound of 16.7; paired, 0.80).
 * Measured (bench/README, 2026-11-25): before the warm-up, the first reply's
 * longest task was 22–24 ms of CPU (median of 7 runs; a warm reply's 9 ms);
 * with it, 9–12 ms. The tool card, approval panel and thread load were
 * measured when they were added (bench/README, issue 27's second part): their
 * longest cold tasks were 10–11 ms of CPU, the reply's own streaming frames,
 * so those three cases guard against first-use work landing in their frames
 * (a lazy chunk evaluated on the click that needs it); each was checked to
 * fail with 20 ms of work added to its first use. With the medians
 * (2026-11-29, warm frames 14 ms here): 30 ms of work in a task of the first
 * reply fails it (median 23.5 ms of CPU against a bound of 21.3), 20 ms does
 * not (20.7 against 21.9: within 1.5× a warm streaming frame). Paired
 * (2026-11-29): 30 ms of work in the first streaming slice of a long reply
 * (every scenario streams one) fails all four, at 1.71–1.97 of their bounds
 * (cold/warm medians 36–38/13–14 ms); without it they were at 0.74–0.80.
 *
* Run by test/cdn/cold-pages.test.ts, with the other cold-page tests (one file: one of the runner's two slots).
 *
 * The long tasks the observer counted are in the failure message, for
 * what ran in them.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { median } from '../../bench/lib/stats.js';

interface ReplyReport {
  /** Durations of the long tasks (PerformanceObserver), ms. */
  tasks: number[];
  /** The long animation frames and the scripts that ran in them. */
  frames: string[];
}

interface ColdRun {
  report: { readyMs: number; first: ReplyReport; warm: ReplyReport[] } | { error: string };
  /** CPU time of the longest main-thread task in the first reply and in the warm one, ms. */
  cpu: { first: number; warm: number };
}

/** The standalone bundle as the test runner builds it (web-test-runner.config.js), a 2,000-token reply, then the same action once warm. */
const PAGE = '/bench/first-reply-frame.html?bundle=/.wtr-cdn/agent-chat.js&tokens=2000&warm=1';
/** A task's CPU time above which it would be a long task (50 ms) on a CPU three times slower. */
const MAX_TASK_CPU_MS = 50 / 3;
/** How much longer than its warm twin a cold action's longest task may be, where the warm one is near MAX_TASK_CPU_MS already. */
const WARM_FACTOR = 1.5;
const RUNS = 5;

/** One cold run of `path` (test/support/cold-page-plugin.js): started, then asked for until it is over. */
async function coldPage(path: string, seed: string | undefined): Promise<ColdRun | undefined> {
  const started = await executeServerCommand<{ id: number }, { path: string; seed?: string }>('cold-page', { path, seed });
  if (!started) return undefined;
  for (;;) {
    const answer = await executeServerCommand<{ done: boolean; value?: ColdRun }, { id: number }>('cold-page-result', { id: started.id });
    if (!answer || answer.done) return answer?.value;
  }
}

/** Runs `scenario` cold RUNS times and judges the rule on the medians. */
async function judge(scenario: string, seeded = false): Promise<void> {
  const path = `${PAGE}&scenario=${scenario}`;
  const seed = seeded ? `${PAGE}&scenario=seed` : undefined;
  const runs: ColdRun[] = [];
  for (let run = 0; run < RUNS; run++) {
    const result = await coldPage(path, seed);
    if (!result || 'error' in result.report) throw new Error(`cold run ${run + 1}: ${result && 'error' in result.report ? result.report.error : 'no report'}`);
    runs.push(result);
  }
  // Each cold action against its own warm twin (the same page, moments later, under the same load): the median of those ratios.
  const bounds = runs.map((r) => Math.max(MAX_TASK_CPU_MS, WARM_FACTOR * r.cpu.warm));
  const share = median(runs.map((r, i) => r.cpu.first / bounds[i]!));
  const cold = median(runs.map((r) => r.cpu.first));
  const warm = median(runs.map((r) => r.cpu.warm));
  const detail = runs
    .map((r, i) => {
      const report = r.report as Extract<ColdRun['report'], { first: ReplyReport }>;
      return `run ${i + 1}: longest task ${r.cpu.first.toFixed(1)} ms CPU (warm ${r.cpu.warm.toFixed(1)}, bound ${bounds[i]!.toFixed(1)}); long tasks ${report.first.tasks.map(Math.round).join(', ') || 'none'}\n    ${report.first.frames.join('\n    ')}`;
    })
    .join('\n  ');
  console.log(`first ${scenario}, longest task's CPU cold/warm (ms): ${runs.map((r) => `${r.cpu.first.toFixed(1)}/${r.cpu.warm.toFixed(1)}`).join(', ')}; medians ${cold.toFixed(1)}/${warm.toFixed(1)}; cold over its run's bound, median ${share.toFixed(2)}`);
  expect(share, `the first ${scenario}'s longest task, over ${MAX_TASK_CPU_MS.toFixed(1)} ms of CPU and over ${WARM_FACTOR}× its warm twin's in most of ${RUNS} cold runs (median ${share.toFixed(2)} of its bound; medians cold/warm ${cold.toFixed(1)}/${warm.toFixed(1)} ms):\n  ${detail}`).to.be.at.most(1);
}

describe('the first use of a cold <agent-chat> (standalone bundle, new browser context per run): no main-thread task over 50/3 ms of CPU (a long task on a 3x slower CPU), nor on a slower machine over 1.5x the warm action’s (in most of 5 cold runs, each against its warm twin)', () => {
  it('the first reply: a long markdown reply sent at ready', async function () {
    this.timeout(240_000);
    await judge('reply');
  });

  it('the first tool card: page_outline, then the reply', async function () {
    this.timeout(240_000);
    await judge('tool');
  });

  it('the first approval panel: dom_query, then click (approved as its panel shows), then the reply', async function () {
    this.timeout(240_000);
    await judge('approval');
  });

  it('the first thread load: the thread list opened, and a stored thread (a tool card, a long reply) opened in it', async function () {
    this.timeout(240_000);
    await judge('thread', true);
  });
});
