// @ts-check
/**
 * pageloop/evals: which model calls your tools right, and how often. Runs a
 * dataset through pageloop's real loop in headless Chromium against
 * endpoints or the in-page engine, scores tool calls, arguments and answers,
 * and reports as JSON and a self-contained HTML page (the `pageloop-eval`
 * command does all of it from the command line). Node only.
 *
 * @example
 * import { loadDataset, runEvals, writeReport } from 'pageloop/evals';
 * const report = await runEvals({
 *   dataset: await loadDataset('evals/shop.jsonl'),
 *   targets: [{ name: 'qwen3', baseURL: 'http://localhost:11434/v1', model: 'qwen3:4b' }],
 *   repeats: 3,
 * });
 * await writeReport(report, 'eval-report');
 */
export { loadDataset, checkDataset } from './dataset.js';
export { runEvals } from './runner.js';
export { writeReport } from './write-report.js';
export { reportHtml } from './report-html.js';
export { scoreCalls, checkAnswer, diffArgs } from './scoring.js';
export { judgeAnswer } from './judge.js';
export { stats, judgeThreshold, THRESHOLD_METRICS } from './summary.js';

/** @typedef {import('./eval-types.js').EvalCase} EvalCase */
/** @typedef {import('./eval-types.js').EvalTool} EvalTool */
/** @typedef {import('./eval-types.js').Expectation} Expectation */
/** @typedef {import('./eval-types.js').ExpectedCall} ExpectedCall */
/** @typedef {import('./eval-types.js').AnswerCheck} AnswerCheck */
/** @typedef {import('./eval-types.js').Dataset} Dataset */
/** @typedef {import('./runner.js').EvalTarget} EvalTarget */
/** @typedef {import('./runner.js').EvalOptions} EvalOptions */
/** @typedef {import('./runner.js').EvalReport} EvalReport */
/** @typedef {import('./summary.js').RunResult} RunResult */
/** @typedef {import('./summary.js').Stats} Stats */
