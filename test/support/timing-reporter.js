// @ts-check
/**
 * A reporter that says where the suite's time went: each test file's wall time
 * (from its page starting its tests to its last result) and each test's, the
 * slowest printed at the end of the run, so a CI log shows which to make faster
 * or move behind PAGELOOP_LONG. With PAGELOOP_TIMINGS=<file> every file's time
 * (and every test's, under `tests`) is also written there as JSON. The default
 * reporter prints each failure when its file ends, which in a long run is far
 * above the end of the log (and CI keeps only the tail), so the failed tests are
 * also listed again last, each with the start of its error.
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 15;
/** How much of a failure's message the closing list keeps. */
const MESSAGE_CHARS = 1200;

/**
 * Every test of `session`, each with its name as `file › suite › test`.
 * @param {import('@web/test-runner').TestSession} session
 * @returns {Generator<{ name: string, test: import('@web/test-runner').TestResult }>}
 */
function* testsOf(session) {
  const file = relative(process.cwd(), session.testFile);
  /** @param {import('@web/test-runner').TestSuiteResult} suite @param {string[]} path @returns {Generator<{ name: string, test: import('@web/test-runner').TestResult }>} */
  function* walk(suite, path) {
    for (const test of suite.tests) yield { name: [file, ...path, test.name].join(' › '), test };
    for (const inner of suite.suites) yield* walk(inner, [...path, inner.name]);
  }
  if (session.testResults) yield* walk(session.testResults, []);
}

/**
 * Each failed test of `sessions` as `file › suite › test: message`, and each
 * file's own errors (a failed import, a page that crashed).
 * @param {import('@web/test-runner').TestSession[]} sessions
 */
function failures(sessions) {
  /** @type {string[]} */
  const lines = [];
  /** @param {import('@web/test-runner').TestResultError | undefined} error */
  const said = (error) => (error ? `${error.name && !error.message.startsWith(error.name) ? `${error.name}: ` : ''}${error.message}`.slice(0, MESSAGE_CHARS) : 'failed');
  for (const session of sessions) {
    for (const error of session.errors) lines.push(`${relative(process.cwd(), session.testFile)}: ${said(error)}`);
    for (const { name, test } of testsOf(session)) if (!test.passed && !test.skipped) lines.push(`${name}:\n    ${said(test.error).replace(/\n/g, '\n    ')}`);
  }
  return lines;
}

/**
 * Every test of `sessions` as [`file › suite › test`, its duration in ms], slowest first.
 * @param {import('@web/test-runner').TestSession[]} sessions
 * @returns {[string, number][]}
 */
function slowestTests(sessions) {
  /** @type {[string, number][]} */
  const rows = [];
  for (const session of sessions) for (const { name, test } of testsOf(session)) if (test.duration !== undefined) rows.push([name, test.duration]);
  return rows.sort((a, b) => b[1] - a[1]);
}

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
    stop({ sessions }) {
      const failed = failures(sessions);
      if (failed.length) console.log(`\nFailed (${failed.length}):\n${failed.map((line) => `  ${line}`).join('\n')}`);
      const rows = [...took].sort((a, b) => b[1] - a[1]);
      if (!rows.length) return;
      const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
      const lines = rows.slice(0, SHOWN).map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
      console.log(`\nSlowest test files (of ${rows.length}; ${(total / 1000).toFixed(0)} s of file time in ${((Date.now() - runStarted) / 1000).toFixed(0)} s):\n${lines.join('\n')}`);
      const tests = slowestTests(sessions);
      console.log(`\nSlowest tests:\n${tests.slice(0, SHOWN).map(([name, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`).join('\n')}`);
      if (process.env.PAGELOOP_TIMINGS) writeFileSync(process.env.PAGELOOP_TIMINGS, JSON.stringify({ ...Object.fromEntries(rows), tests: Object.fromEntries(tests) }, null, 1));
    },
  };
}
