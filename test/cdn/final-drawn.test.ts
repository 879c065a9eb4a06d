/**
 * `final` means the answer is on screen, formatted (issue 34, section 1): on
 * a cold `<agent-chat>` — a new browser context, the standalone bundle
 * fetched and evaluated afresh, the markdown renderer not loaded — the
 * listener that receives the element's `final` finds the reply in its
 * message part as formatted markdown (bold, emphasis, code, the link), not
 * as raw `**A-1**` nor an empty part. The first reply is sent the moment the
 * agent is ready, the worst case (the renderer has only started loading),
 * and it is a short one, so the model is done long before the renderer
 * could be warm by itself. Five cold runs (ten with `PAGELOOP_LONG=1`),
 * every one must hold: a timing race is exactly what this guards.
 *
 * After a reload (the cold page starts with a page's storage that holds a
 * completed answer), the completed answer is shown exactly once, formatted,
 * and never as raw markdown — whether the user sends the next message the
 * moment the agent is ready (before the stored thread reaches the page) or
 * after `updateComplete` — and the next answer is shown once, formatted,
 * when its `final` is dispatched, and stays so.
 *
 * The pages: test/cdn/final-drawn.html (and markdown-answer-model.ts).
 */
import { expect } from 'chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { longOr } from '../support/test-env.js';

interface Seen {
  reason: string;
  log: string[];
}
interface Report {
  error?: string;
  final?: Seen;
  before?: string[];
  after?: string[];
  raw?: string[];
  heldMs?: number;
  readyMs?: number;
  finalAfterReadyMs?: number;
}

/** One cold run of `path` (test/support/cold-page-plugin.js), after `seed` in a context of its own when given. */
async function coldPage(path: string, seed?: string): Promise<Report> {
  // Untraced: nothing here is timed, and test/cdn/first-reply.test.ts may be tracing its own cold runs beside it.
  const started = await executeServerCommand<{ id: number }, { path: string; seed?: string; trace: boolean }>('cold-page', { path, seed, trace: false });
  if (!started) throw new Error('cold-page: no run started');
  for (;;) {
    const answer = await executeServerCommand<{ done: boolean; value?: { report: Report } }, { id: number }>('cold-page-result', { id: started.id });
    if (!answer || answer.done) {
      const report = answer?.value?.report;
      if (!report || report.error) throw new Error(`cold run: ${report?.error ?? 'no report'}`);
      return report;
    }
  }
}

const PAGE = '/test/cdn/final-drawn.html?bundle=/.wtr-cdn/agent-chat.js';
const formatted = (n: number) => `assistant: strong=A-${n} em=ready code=code link=https://example.com/${n} | A-${n} is ready: code and a link.`;
/** Cold runs of the first reply, and of each reload case: every cold run is serialised with first-reply's (test/support/cold-page-plugin.js), so CI runs fewer. */
const RUNS = longOr(5, 10);
const RELOAD_RUNS = longOr(2, 3);

describe('final means the answer is on screen, formatted (cold element, standalone bundle, new browser context per run)', () => {
  it(`the first reply, sent at ready: formatted in its message part in the task that delivers final, in ${RUNS} of ${RUNS} cold runs`, async function () {
    this.timeout(600_000);
    const held: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const report = await coldPage(`${PAGE}&phase=first`);
      expect(report.final?.reason, `run ${run}`).to.equal('answer');
      expect(report.final?.log, `run ${run}: what the log showed when final was dispatched`).to.deep.equal(['user: You: one', formatted(1)]);
      held.push(Math.round(report.heldMs ?? Number.NaN));
    }
    // For the record: how long after the agent's own final the element's came (the renderer's arrival).
    console.log(`final-drawn: the element's final came after the agent's by (ms, per run): ${held.join(', ')}`);
  });

  for (const send of ['ready', 'after'] as const) {
    it(`after a reload, the completed answer shows once, formatted, never raw; the next one (sent ${send === 'ready' ? 'the moment the agent is ready' : 'after updateComplete'}) too at its final`, async function () {
      this.timeout(300_000);
      for (let run = 1; run <= RELOAD_RUNS; run++) {
        const report = await coldPage(`${PAGE}&phase=reload&send=${send}`, `${PAGE}&phase=seed`);
        const all = ['user: You: one', formatted(1), 'user: You: two', formatted(2)];
        if (send === 'after') expect(report.before, `run ${run}: after updateComplete`).to.deep.equal(all.slice(0, 2));
        expect(report.final?.log, `run ${run}: at final`).to.deep.equal(all);
        expect(report.after, `run ${run}: after final`).to.deep.equal(all);
        expect(report.raw, `run ${run}: raw markdown shown`).to.deep.equal([]);
      }
    });
  }
});
