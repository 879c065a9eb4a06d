// @ts-check
/**
 * Turns scored runs into the report's numbers: per case and target, and per
 * target over all cases, with the threshold's verdict.
 *
 * Invariant: a rate is over the runs it applies to and says how many
 * (`toolCallAccuracy` over runs whose case scores calls, `argAccuracy` over
 * those expecting at least one call, `answerPassRate` over those with answer
 * checks); a rate that applies to no run is `null`, never 0 or 1.
 */

/**
 * @typedef {object} RunResult One run of one case on one target, scored.
 * @property {string} caseId
 * @property {string} target
 * @property {number} repeat
 * @property {boolean} pass Every check that applies passed, and the run ended without an error.
 * @property {boolean | null} toolCallsOk
 * @property {boolean | null} argsOk
 * @property {boolean | null} answerOk
 * @property {string[]} failures
 * @property {Array<{ rubric: string, pass: boolean, reason: string }>} judged
 * @property {Array<{ name: string, args: unknown, status?: string, error?: string }>} calls
 * @property {string[]} builtinCalls
 * @property {string} answer
 * @property {string} finalReason
 * @property {Array<{ code?: string, message: string }>} errors
 * @property {string[]} formats How each model reply was read: `native`, or `text:<format>` / `native:<format>` when calls came as text.
 * @property {string[]} repairs
 * @property {string[]} quirks
 * @property {number} retries
 * @property {number} modelCalls
 * @property {{ prompt: number, completion: number }} tokens
 * @property {number | null} firstTokenMs
 * @property {number} totalMs
 * @property {number | null} cost In the price table's currency; null without a price for the model.
 * @property {number} [loadMs]
 */

/**
 * @typedef {object} Rate
 * @property {number | null} value
 * @property {number} of How many runs it is over.
 */

/**
 * @typedef {object} Stats
 * @property {number} runs
 * @property {number} passRate
 * @property {Rate} toolCallAccuracy
 * @property {Rate} argAccuracy
 * @property {Rate} answerPassRate
 * @property {number} errors Runs that ended in an error (or were cancelled at the timeout).
 * @property {number} retries
 * @property {Record<string, number>} repairs How often each repair was applied.
 * @property {Record<string, number>} formats How often each reply format was read.
 * @property {{ prompt: number, completion: number }} tokens
 * @property {Distribution} firstTokenMs
 * @property {Distribution} totalMs
 * @property {number | null} cost
 */

/** @typedef {{ p50: number | null, p90: number | null, mean: number | null, min: number | null, max: number | null }} Distribution */

/** A price table: per model id (or target name), the price of a million tokens in and out. */
/** @typedef {Record<string, { input: number, output: number }>} Prices */

/**
 * @param {RunResult[]} runs
 * @returns {Stats}
 */
export function stats(runs) {
  const rate = (/** @type {Array<boolean | null>} */ values) => {
    const applied = values.filter((v) => v !== null);
    return { value: applied.length ? applied.filter(Boolean).length / applied.length : null, of: applied.length };
  };
  /** @type {Record<string, number>} */
  const repairs = {};
  /** @type {Record<string, number>} */
  const formats = {};
  for (const r of runs) {
    for (const repair of r.repairs) repairs[repair] = (repairs[repair] ?? 0) + 1;
    for (const format of r.formats) formats[format] = (formats[format] ?? 0) + 1;
  }
  const costs = runs.map((r) => r.cost);
  return {
    runs: runs.length,
    passRate: runs.length ? runs.filter((r) => r.pass).length / runs.length : 0,
    toolCallAccuracy: rate(runs.map((r) => r.toolCallsOk)),
    argAccuracy: rate(runs.map((r) => r.argsOk)),
    answerPassRate: rate(runs.map((r) => r.answerOk)),
    errors: runs.filter((r) => r.finalReason === 'error' || r.finalReason === 'cancelled').length,
    retries: runs.reduce((n, r) => n + r.retries, 0),
    repairs,
    formats,
    tokens: { prompt: runs.reduce((n, r) => n + r.tokens.prompt, 0), completion: runs.reduce((n, r) => n + r.tokens.completion, 0) },
    firstTokenMs: distribution(runs.map((r) => r.firstTokenMs).filter((v) => v !== null)),
    totalMs: distribution(runs.map((r) => r.totalMs)),
    cost: costs.some((c) => c === null) || costs.length === 0 ? null : costs.reduce((/** @type {number} */ n, c) => n + (c ?? 0), 0),
  };
}

/**
 * @param {number[]} values
 * @returns {Distribution}
 */
export function distribution(values) {
  if (values.length === 0) return { p50: null, p90: null, mean: null, min: null, max: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? null;
  return { p50: at(0.5), p90: at(0.9), mean: values.reduce((a, b) => a + b, 0) / values.length, min: sorted[0] ?? null, max: sorted.at(-1) ?? null };
}

/**
 * The cost of a run's tokens, from the price of its model (or target name); null when the table has neither.
 * @param {Prices | undefined} prices @param {string[]} keys @param {{ prompt: number, completion: number }} tokens
 */
export function costOf(prices, keys, tokens) {
  const price = keys.map((k) => prices?.[k]).find(Boolean);
  return price ? (tokens.prompt * price.input + tokens.completion * price.output) / 1e6 : null;
}

/** The metrics a threshold can name, each a number where 1 is perfect. */
export const THRESHOLD_METRICS = ['passRate', 'toolCallAccuracy', 'argAccuracy', 'answerPassRate'];

/**
 * Whether every target's `metric` reaches `min`.
 * @param {Record<string, Stats>} byTarget @param {{ metric: string, min: number }} threshold
 * @returns {{ metric: string, min: number, passed: boolean, failing: string[] }}
 */
export function judgeThreshold(byTarget, threshold) {
  const failing = Object.entries(byTarget)
    .filter(([, s]) => {
      const v = /** @type {any} */ (s)[threshold.metric];
      const value = typeof v === 'number' ? v : v?.value;
      // A rate that applies to no run cannot reach the threshold: that is a dataset without such checks.
      return typeof value !== 'number' || value < threshold.min;
    })
    .map(([name]) => name);
  return { ...threshold, passed: failing.length === 0, failing };
}
