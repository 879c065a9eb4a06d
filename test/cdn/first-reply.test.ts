/**
 * The first reply of a cold `<agent-chat>` streams without a hitch: no
 * main-thread task over 50 ms (PerformanceObserver `longtask`) from the
 * moment the element's agent is ready until a long markdown reply, sent at
 * once and streamed as fast as the model can, is final and on screen.
 *
 * Each run is a new browser context (test/support/cold-page-plugin.js): the
 * standalone bundle is fetched, compiled and evaluated afresh, and nothing
 * of the renderer is warm (bench/first-reply-frame.html is the page; the
 * `first-reply` bench measures the same page).
 *
 * The page runs on a CPU slowed down 3× (Chromium's CPU throttling, as
 * Lighthouse's mobile runs use): a phone, where a first-use cost of 20 ms of
 * this machine's CPU is a 60 ms hitch. The renderer's budget assumes work may
 * take two or three times as long as here (frame-scheduler.ts).
 *
 * The rule, and why. This machine has 2 cores shared by the test runner's two
 * concurrent files and other people's work: when it is busy, a 5 ms task is
 * descheduled into a 60 ms one, and any page shows long tasks, warm or cold.
 * So each run carries its own control: after the first reply, the same page
 * streams the same reply twice more, now warm — as much main-thread work, in
 * as many tasks of the same size, as the first reply with its renderer's
 * loading and warm-up. A run whose control showed a long task says nothing
 * about first use (the machine was too busy to tell) and is not judged. Of
 * the judged runs, at most one in five may show a long task in its first
 * reply: one, because a burst of load can hit a first reply and spare its
 * control. Before the warm-up, a cold renderer's first pass (compiling
 * marked's rules and DOMPurify, the first layout of markdown: ~20 ms of this
 * machine's CPU, in one task) made a long task in every judged run. Without
 * five judged runs in twelve the result is inconclusive, and the test is
 * skipped with the counts rather than passed.
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';

interface ReplyReport {
  /** Durations of the long tasks, ms. */
  tasks: number[];
  /** The long animation frames and the scripts that ran in them. */
  frames: string[];
}

type ColdRun = { readyMs: number; first: ReplyReport; warm: ReplyReport[] } | { error: string };

/** The standalone bundle as the test runner builds it (web-test-runner.config.js), a 2,000-token reply, two warm replies as the control. */
const PAGE = '/bench/first-reply-frame.html?bundle=/.wtr-cdn/agent-chat.js&tokens=2000&warm=2';
/** How many times slower the cold page's CPU runs. */
const CPU_SLOWDOWN = 3;
const JUDGED = 5;
const ALLOWED = 1;
const MAX_RUNS = 12;

describe('the first reply of a cold <agent-chat> (standalone bundle, new browser context per run)', () => {
  it('streams a long markdown reply with no main-thread task over 50 ms on a 3× slower CPU, judged over cold runs against a warm control', async function () {
    this.timeout(300_000);
    const judged: Array<Extract<ColdRun, { first: ReplyReport }>> = [];
    let busy = 0;
    for (let run = 0; run < MAX_RUNS && judged.length < JUDGED; run++) {
      const report = await executeServerCommand<ColdRun, { path: string; cpuSlowdown: number }>('cold-page', { path: PAGE, cpuSlowdown: CPU_SLOWDOWN });
      if (!report || 'error' in report) throw new Error(`cold run ${run + 1}: ${report?.error ?? 'no report'}`);
      if (report.warm.some((reply) => reply.tasks.length > 0)) {
        busy++;
        continue;
      }
      judged.push(report);
      if (judged.filter((r) => r.first.tasks.length > 0).length > ALLOWED) break;
    }
    const hitches = judged.filter((r) => r.first.tasks.length > 0);
    const detail = hitches.map((r, i) => `run ${i + 1}: tasks ${r.first.tasks.map(Math.round).join(', ')} ms\n    ${r.first.frames.join('\n    ')}`).join('\n  ');
    expect(hitches.length, `first replies with a long task, of ${judged.length} judged runs (${busy} too busy to judge):\n  ${detail}`).to.be.at.most(ALLOWED);
    if (judged.length < JUDGED) {
      console.warn(`first-reply test inconclusive: ${judged.length} judged runs of ${judged.length + busy} (${busy} had a long task in their warm control)`);
      this.skip();
    }
  });
});
