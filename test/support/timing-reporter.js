// @ts-check
/**
 * A reporter that says where the suite's time went: each test file's wall time
 * (from its page starting its tests to its last result), the slowest printed at
 * the end of the run, so a CI log shows which files to make faster or move
 * behind PAGELOOP_LONG. With PAGELOOP_TIMINGS=<file> every file's time is also
 * written there as JSON. It reports nothing else: the default reporter still
 * prints progress, logs and failures.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 15;

/** @returns {import('@web/test-runner').Reporter} */
export function timingReporter() {
  /** @type {Map<string, number>} */
  const started = new Map();
  /** @type {Map<string, number>} */
  const took = new Map();
  let runStarted = 0;
  return {
    start({ sessions, startTime }) {
      runStarted = startTime;
      sessions.on('session-status-updated', (session) => {
        const file = relative(process.cwd(), session.testFile);
        if (!started.has(file) && session.status !== 'SCHEDULED' && session.status !== 'FINISHED') started.set(file, Date.now());
        if (session.status === 'FINISHED' && started.has(file)) took.set(file, Date.now() - /** @type {number} */ (started.get(file)));
      });
    },
    stop() {
      const rows = [...took].sort((a, b) => b[1] - a[1]);
      if (!rows.length) return;
      const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
      const lines = rows.slice(0, SHOWN).map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
      console.log(`\nSlowest test files (of ${rows.length}; ${(total / 1000).toFixed(0)} s of file time in ${((Date.now() - runStarted) / 1000).toFixed(0)} s):\n${lines.join('\n')}`);
      if (process.env.PAGELOOP_TIMINGS) writeFileSync(process.env.PAGELOOP_TIMINGS, JSON.stringify(Object.fromEntries(rows), null, 1));
    },
  };
}
