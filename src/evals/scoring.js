// @ts-check
/**
 * Scores one run of a case: the calls the model made against the calls
 * expected, and the final answer against its checks. Pure functions of the
 * run's record (the judge, which asks a model, is judge.js).
 *
 * Invariant: every failing check leaves a line in `failures` that says what
 * was expected and what came, down to the argument (`args.city: expected
 * "Paris", got "Lyon"`), so a red cell in the report explains itself.
 *
 * @example
 * scoreCalls({ calls: [{ name: 'get_weather', args: { city: 'Paris' } }] }, [{ name: 'get_weather', args: { city: 'Lyon' } }]);
 * // → { namesOk: true, argsOk: false, failures: ['call 1 get_weather: args.city: expected "Paris", got "Lyon"'] }
 */
import { Validator } from '@cfworker/json-schema';

/** @typedef {import('./eval-types.js').Expectation} Expectation */
/** @typedef {import('./eval-types.js').ExpectedCall} ExpectedCall */
/** @typedef {import('./eval-types.js').AnswerCheck} AnswerCheck */
/** @typedef {{ name: string, args: unknown }} MadeCall */

/**
 * @typedef {object} CallScore
 * @property {boolean} namesOk The right tools were called, as many times as expected, in the expected order.
 * @property {boolean} argsOk `namesOk`, and every call had the expected arguments.
 * @property {string[]} failures
 */

/**
 * Compares the calls made with `expect.calls`.
 * @param {Expectation} expect @param {MadeCall[]} made
 * @returns {CallScore}
 */
export function scoreCalls(expect, made) {
  const expected = expect.calls ?? [];
  /** @type {string[]} */
  const failures = [];
  const pairs = expect.order === 'any' ? pairAnyOrder(expected, made) : pairInOrder(expected, made, expect.allowExtra ?? false);
  const unmatchedExpected = expected.filter((_, i) => !pairs.some((p) => p.expected === i));
  const extra = made.filter((_, i) => !pairs.some((p) => p.made === i));
  let namesOk = unmatchedExpected.length === 0 && (extra.length === 0 || expect.allowExtra === true);
  if (!namesOk) {
    failures.push(`calls: expected ${listCalls(expected)}${expect.order === 'any' ? ' (any order)' : ''}, got ${listCalls(made)}`);
  }
  let argsOk = namesOk;
  for (const { expected: e, made: m } of pairs) {
    const want = expected[e];
    const got = made[m];
    if (!want || !got || want.args === undefined) continue;
    const diffs = diffArgs(want.args, got.args, want.argsMatch ?? 'subset');
    if (diffs.length > 0) {
      argsOk = false;
      failures.push(`call ${m + 1} ${got.name}: ${diffs.join('; ')}`);
    }
  }
  return { namesOk, argsOk, failures };
}

/**
 * Pairs expected calls with made ones in order: strictly one to one, or, with `allowExtra`, as a subsequence.
 * @param {ExpectedCall[]} expected @param {MadeCall[]} made @param {boolean} allowExtra
 * @returns {Array<{ expected: number, made: number }>}
 */
function pairInOrder(expected, made, allowExtra) {
  /** @type {Array<{ expected: number, made: number }>} */
  const pairs = [];
  if (!allowExtra) {
    // One to one, up to the first wrong name: past it, the order is broken.
    for (let i = 0; i < Math.min(expected.length, made.length) && expected[i]?.name === made[i]?.name; i++) pairs.push({ expected: i, made: i });
    return pairs;
  }
  let from = 0;
  expected.forEach((e, i) => {
    // Among the calls left, the first of that name whose arguments match too, else the first of that name.
    const fits = (/** @type {MadeCall} */ m, /** @type {number} */ j) => j >= from && m.name === e.name;
    const matching = made.findIndex((m, j) => fits(m, j) && (e.args === undefined || diffArgs(e.args, m.args, e.argsMatch ?? 'subset').length === 0));
    const at = matching >= 0 ? matching : made.findIndex(fits);
    if (at >= 0) {
      pairs.push({ expected: i, made: at });
      from = at + 1;
    }
  });
  return pairs;
}

/**
 * Pairs expected calls with made ones in any order, preferring a made call whose arguments also match.
 * @param {ExpectedCall[]} expected @param {MadeCall[]} made
 */
function pairAnyOrder(expected, made) {
  const used = new Set();
  /** @type {Array<{ expected: number, made: number }>} */
  const pairs = [];
  for (const [i, e] of expected.entries()) {
    const candidates = made.map((m, j) => ({ m, j })).filter(({ m, j }) => !used.has(j) && m.name === e.name);
    const best = candidates.find(({ m }) => e.args === undefined || diffArgs(e.args, m.args, e.argsMatch ?? 'subset').length === 0) ?? candidates[0];
    if (best) {
      used.add(best.j);
      pairs.push({ expected: i, made: best.j });
    }
  }
  return pairs;
}

/**
 * Where `got` differs from `want`, path by path.
 * @param {unknown} want @param {unknown} got @param {'subset' | 'exact'} mode @param {string} [path]
 * @returns {string[]}
 */
export function diffArgs(want, got, mode, path = 'args') {
  if (isPlainObject(want) && isPlainObject(got)) {
    const diffs = Object.keys(want).flatMap((k) => (Object.hasOwn(got, k) ? diffArgs(want[k], got[k], mode, `${path}.${k}`) : [`${path}.${k}: expected ${show(want[k])}, missing`]));
    if (mode === 'exact') for (const k of Object.keys(got)) if (!Object.hasOwn(want, k)) diffs.push(`${path}.${k}: not expected, got ${show(got[k])}`);
    return diffs;
  }
  if (Array.isArray(want) && Array.isArray(got)) {
    if (want.length !== got.length) return [`${path}: expected ${show(want)}, got ${show(got)}`];
    return want.flatMap((w, i) => diffArgs(w, got[i], mode, `${path}[${i}]`));
  }
  return Object.is(want, got) ? [] : [`${path}: expected ${show(want)}, got ${show(got)}`];
}

/**
 * Runs the answer checks a program can decide; a `judge` check is left for judge.js (`pending`).
 * @param {AnswerCheck[]} checks @param {string} answer
 * @returns {{ ok: boolean, failures: string[], pending: Array<{ judge: string }> }}
 */
export function checkAnswer(checks, answer) {
  /** @type {string[]} */
  const failures = [];
  /** @type {Array<{ judge: string }>} */
  const pending = [];
  for (const check of checks) {
    if ('judge' in check) {
      pending.push(check);
    } else if ('contains' in check || 'notContains' in check) {
      const want = 'contains' in check;
      const words = [want ? check.contains : /** @type {{ notContains: string | string[] }} */ (check).notContains].flat();
      const fold = (/** @type {string} */ s) => (check.ignoreCase ? s.toLowerCase() : s);
      for (const word of words) if (fold(answer).includes(fold(word)) !== want) failures.push(`answer: ${want ? 'lacks' : 'contains'} ${show(word)} (answer: ${show(clip(answer))})`);
    } else if ('regex' in check) {
      if (!new RegExp(check.regex, check.flags).test(answer)) failures.push(`answer: does not match /${check.regex}/${check.flags ?? ''} (answer: ${show(clip(answer))})`);
    } else if ('schema' in check) {
      const json = answerJson(answer);
      if (json === undefined) {
        failures.push(`answer: no JSON found to check against the schema (answer: ${show(clip(answer))})`);
      } else {
        const result = new Validator(/** @type {any} */ (check.schema), '2020-12', false).validate(json.value);
        if (!result.valid) failures.push(`answer: its JSON fails the schema: ${result.errors.map((e) => `${e.instanceLocation} ${e.error}`).join('; ')}`);
      }
    }
  }
  return { ok: failures.length === 0 && pending.length === 0, failures, pending };
}

/**
 * The JSON in an answer: the whole answer, a fenced ```json block, or the first {…} or […] that parses.
 * @param {string} answer
 * @returns {{ value: unknown } | undefined}
 */
export function answerJson(answer) {
  const candidates = [answer.trim(), /```(?:json)?\s*([\s\S]*?)```/.exec(answer)?.[1]?.trim()];
  const start = answer.search(/[[{]/);
  if (start >= 0) candidates.push(answer.slice(start, Math.max(answer.lastIndexOf('}'), answer.lastIndexOf(']')) + 1));
  for (const text of candidates) {
    if (!text) continue;
    try {
      return { value: JSON.parse(text) };
    } catch {}
  }
  return undefined;
}

/** @param {Array<{ name: string, args?: unknown }>} calls */
function listCalls(calls) {
  return calls.length === 0 ? 'no calls' : calls.map((c) => `${c.name}(${c.args === undefined ? '…' : JSON.stringify(c.args)})`).join(', ');
}

/** @param {unknown} v @returns {v is Record<string, unknown>} */
function isPlainObject(v) {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** @param {unknown} v */
function show(v) {
  return v === undefined ? 'undefined' : JSON.stringify(v);
}

/** @param {string} s */
function clip(s) {
  return s.length > 160 ? `${s.slice(0, 157)}…` : s;
}
