// @ts-check
/**
 * Runs a dataset through the real loop in headless Chromium and scores it:
 * each case × target × repeat is one job, run on an eval page (page/eval-page.js)
 * with the library as it ships, at most `concurrency` at once per target
 * (one at a time for an in-page engine, whose model each page would load
 * again), targets one after the other so their latencies do not mix.
 *
 * Invariant: every job yields exactly one scored result — a page that
 * crashes or a run that errs is a failed result saying why, and the page is
 * replaced — so the report always covers cases × targets × repeats.
 */
import { checkAnswer, scoreCalls } from './scoring.js';
import { judgeAnswer } from './judge.js';
import { costOf, judgeThreshold, stats } from './summary.js';
import { startPageServer } from './page-server.js';
import { evalPaths } from './paths.js';
import { findChromium, launchChromium } from './chromium.js';

/** @typedef {import('./eval-types.js').Dataset} Dataset */
/** @typedef {import('./summary.js').RunResult} RunResult */
/** @typedef {import('./summary.js').Stats} Stats */

/**
 * @typedef {object} EvalTarget A model and its settings, as `createAgent` takes them.
 * @property {string} name Shown in the report; unique.
 * @property {string} [baseURL]
 * @property {string} [model]
 * @property {string} [apiKey]
 * @property {{ gguf: string, [key: string]: unknown }} [engine] An in-page engine: `gguf` a local file path or a URL.
 * @property {Record<string, unknown>} [options] Other agent options (`toolProtocol`, `temperature`, `toolFormat`, …).
 */

/**
 * @typedef {object} EvalOptions
 * @property {Dataset} dataset
 * @property {EvalTarget[]} targets
 * @property {number} [repeats] Runs of each case on each target (default 1).
 * @property {number} [concurrency] Runs at once on an endpoint target (default 2).
 * @property {number} [timeoutMs] Longest a case may take (default 120 000).
 * @property {import('./judge.js').JudgeOptions} [judge] The model that grades `{ judge }` checks.
 * @property {import('./summary.js').Prices} [prices]
 * @property {Array<{ metric: string, min: number }>} [thresholds] Each target's `metric` must reach `min`.
 * @property {string} [chromium] Path to Chromium (default: env CHROME_PATH, then the usual places).
 * @property {string} [libraryDir] The standalone bundle to run (default: the package's own dist/cdn).
 * @property {(done: number, total: number, result: RunResult) => void} [onProgress]
 */

/**
 * @typedef {object} EvalReport
 * @property {1} version
 * @property {string} createdAt
 * @property {{ name: string, cases: number }} dataset
 * @property {{ repeats: number, concurrency: number, timeoutMs: number, chromium: string }} settings
 * @property {Array<{ name: string, kind: 'endpoint' | 'engine', model?: string, baseURL?: string, gguf?: string, modelLoadMs?: number[], options: Record<string, unknown> }>} targets
 *   What ran (never an API key: `headers` keep only their names).
 * @property {Record<string, Stats>} summary Per target.
 * @property {Array<{ id: string, turns: string[], tags?: string[], expect?: unknown, byTarget: Record<string, Stats> }>} cases
 * @property {RunResult[]} runs
 * @property {Array<ReturnType<typeof judgeThreshold>>} thresholds Each threshold's verdict (none given: empty).
 * @property {string[]} pageErrors What the eval pages logged as errors.
 * @property {number} durationMs
 */

/**
 * Runs every case on every target and resolves with the report.
 * @param {EvalOptions} options
 * @returns {Promise<EvalReport>}
 */
export async function runEvals(options) {
  const started = performance.now();
  const { dataset, targets } = options;
  const repeats = options.repeats ?? 1;
  const concurrency = Math.max(1, options.concurrency ?? 2);
  const timeoutMs = options.timeoutMs ?? 120_000;
  if (targets.length === 0) throw new Error('pageloop-eval: no target (give --base-url and --model, --engine, or --target)');
  const names = new Set();
  for (const t of targets) {
    if (names.has(t.name)) throw new Error(`pageloop-eval: two targets are named "${t.name}"; name them apart (name=…)`);
    names.add(t.name);
    if (!t.engine && !(t.baseURL && t.model)) throw new Error(`pageloop-eval: target "${t.name}" needs a baseURL and a model, or an engine`);
  }
  const paths = evalPaths();
  const server = await startPageServer({ libraryDir: options.libraryDir ?? paths.libraryDir, pageScript: paths.pageScript });
  const chromium = options.chromium ?? findChromium();
  const browser = await launchChromium(chromium);
  /** @type {RunResult[]} */
  const runs = [];
  /** @type {string[]} */
  const pageErrors = [];
  /** @type {Record<string, number[]>} An in-page engine's model loads, per target. */
  const loads = {};
  const total = targets.length * dataset.cases.length * repeats;
  try {
    for (const target of targets) {
      const pageTarget = toPageTarget(target, server);
      const jobs = dataset.cases.flatMap((c) => Array.from({ length: repeats }, (_, repeat) => ({ evalCase: c, repeat })));
      const slots = target.engine ? 1 : Math.min(concurrency, jobs.length);
      // An in-page engine loads its model before the cases, once per page: no case's latency carries the load.
      const open = async () => {
        const page = await openPage(browser, server.url, pageErrors);
        if (target.engine) {
          const ms = await page.evaluate((t) => /** @type {any} */ (globalThis).__pageloopEval.warmUp(t), pageTarget);
          if (typeof ms === 'number') (loads[target.name] ??= []).push(ms);
        }
        return page;
      };
      await Promise.all(
        Array.from({ length: slots }, async () => {
          let page = await open();
          for (let job = jobs.shift(); job; job = jobs.shift()) {
            const { evalCase, repeat } = job;
            /** @type {RunResult} */
            let result;
            try {
              const record = await page.evaluate((j) => /** @type {any} */ (globalThis).__pageloopEval.run(j), { target: pageTarget, evalCase, timeoutMs });
              result = await score(evalCase, target, repeat, record, options);
            } catch (err) {
              result = crashed(evalCase.id, target.name, repeat, err);
              await page.close().catch(() => {});
              page = await open();
            }
            runs.push(result);
            options.onProgress?.(runs.length, total, result);
          }
          await page.close().catch(() => {});
        }),
      );
    }
  } finally {
    await browser.close().catch(() => {});
    await server.close().catch(() => {});
  }
  return buildReport(options, runs, pageErrors, loads, { repeats, concurrency, timeoutMs, chromium }, performance.now() - started);
}

/**
 * A target as the eval page takes it: agent options, a local model file as a URL of the page server.
 * @param {EvalTarget} target @param {import('./page-server.js').PageServer} server
 */
function toPageTarget(target, server) {
  /** @type {Record<string, unknown>} */
  const options = { ...target.options };
  if (target.engine) {
    const gguf = /^(https?:|blob:|data:)/.test(target.engine.gguf) ? target.engine.gguf : server.model(target.engine.gguf);
    options.engine = { cache: false, ...target.engine, gguf };
  } else {
    Object.assign(options, { baseURL: target.baseURL, model: target.model, ...(target.apiKey ? { apiKey: target.apiKey } : {}) });
  }
  return { name: target.name, options };
}

/**
 * @param {import('playwright-core').Browser} browser @param {string} url @param {string[]} pageErrors
 */
async function openPage(browser, url, pageErrors) {
  const page = await browser.newPage();
  page.on('pageerror', (err) => pageErrors.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') pageErrors.push(`console error: ${msg.text()}`);
  });
  await page.goto(url);
  await page.waitForFunction(() => /** @type {any} */ (globalThis).__pageloopEval?.ready === true, undefined, { timeout: 30_000 });
  return page;
}

/**
 * Scores one run's record.
 * @param {Dataset['cases'][number]} evalCase @param {EvalTarget} target @param {number} repeat
 * @param {import('./eval-types.js').RunRecord} record @param {EvalOptions} options
 * @returns {Promise<RunResult>}
 */
async function score(evalCase, target, repeat, record, options) {
  const expect = evalCase.expect ?? {};
  /** @type {string[]} */
  const failures = [];
  let toolCallsOk = null;
  let argsOk = null;
  if (expect.calls !== undefined) {
    const calls = scoreCalls(expect, record.calls);
    toolCallsOk = calls.namesOk;
    if (expect.calls.length > 0) argsOk = calls.argsOk;
    failures.push(...calls.failures);
  }
  let answerOk = null;
  /** @type {RunResult['judged']} */
  const judged = [];
  const checks = expect.answer === undefined ? [] : [expect.answer].flat();
  if (checks.length > 0) {
    const answer = checkAnswer(checks, record.answer);
    failures.push(...answer.failures);
    for (const { judge: rubric } of answer.pending) {
      const verdict = options.judge ? await judgeAnswer(options.judge, rubric, evalCase.turns, record.answer) : { pass: false, reason: 'no judge given (--judge base-url=…,model=…)' };
      judged.push({ rubric, ...verdict });
      if (!verdict.pass) failures.push(`answer: the judge failed it on "${rubric}": ${verdict.reason}`);
    }
    answerOk = answer.failures.length === 0 && judged.every((j) => j.pass);
  }
  const ended = record.finalReason !== 'error' && record.finalReason !== 'cancelled';
  if (!ended) failures.push(`run: ended ${record.finalReason}${record.errors.length ? `: ${record.errors.map((e) => e.message).join('; ')}` : ''}`);
  const pass = ended && toolCallsOk !== false && argsOk !== false && answerOk !== false;
  return {
    caseId: evalCase.id,
    target: target.name,
    repeat,
    pass,
    toolCallsOk,
    argsOk,
    answerOk,
    failures,
    judged,
    calls: record.calls,
    builtinCalls: record.builtinCalls,
    answer: record.answer,
    finalReason: record.finalReason,
    errors: record.errors,
    formats: record.replies.map((r) => (r.format ? `${r.protocol}:${r.format}` : r.protocol)),
    repairs: record.replies.flatMap((r) => r.repairs),
    quirks: record.replies.flatMap((r) => r.quirks),
    retries: record.retries,
    modelCalls: record.modelCalls,
    tokens: record.tokens,
    firstTokenMs: record.firstTokenMs,
    totalMs: record.totalMs,
    cost: costOf(options.prices, [target.model ?? '', target.name], record.tokens),
    ...(record.loadMs !== undefined ? { loadMs: record.loadMs } : {}),
  };
}

/**
 * The result of a job whose page failed under it.
 * @param {string} caseId @param {string} target @param {number} repeat @param {unknown} err
 * @returns {RunResult}
 */
function crashed(caseId, target, repeat, err) {
  const message = `the eval page failed: ${err instanceof Error ? err.message.split('\n')[0] : err}`;
  return { caseId, target, repeat, pass: false, toolCallsOk: null, argsOk: null, answerOk: null, failures: [`run: ${message}`], judged: [], calls: [], builtinCalls: [], answer: '', finalReason: 'error', errors: [{ code: 'page', message }], formats: [], repairs: [], quirks: [], retries: 0, modelCalls: 0, tokens: { prompt: 0, completion: 0 }, firstTokenMs: null, totalMs: 0, cost: null };
}

/**
 * @param {EvalOptions} options @param {RunResult[]} runs @param {string[]} pageErrors @param {Record<string, number[]>} loads
 * @param {EvalReport['settings']} settings @param {number} durationMs
 * @returns {EvalReport}
 */
function buildReport(options, runs, pageErrors, loads, settings, durationMs) {
  const order = new Map(options.dataset.cases.map((c, i) => [c.id, i]));
  runs.sort((a, b) => (order.get(a.caseId) ?? 0) - (order.get(b.caseId) ?? 0) || a.target.localeCompare(b.target) || a.repeat - b.repeat);
  const summary = Object.fromEntries(options.targets.map((t) => [t.name, stats(runs.filter((r) => r.target === t.name))]));
  return {
    version: 1,
    createdAt: new Date().toISOString(),
    dataset: { name: options.dataset.name, cases: options.dataset.cases.length },
    settings,
    targets: options.targets.map((t) => ({
      name: t.name,
      kind: t.engine ? 'engine' : 'endpoint',
      ...(t.model ? { model: t.model } : {}),
      ...(t.baseURL ? { baseURL: t.baseURL } : {}),
      ...(t.engine ? { gguf: t.engine.gguf.replace(/^.*[\\/]/, '') } : {}),
      ...(loads[t.name] ? { modelLoadMs: loads[t.name] } : {}),
      options: redact({ ...t.options, ...(t.engine ? { engine: { ...t.engine, gguf: undefined } } : {}) }),
    })),
    summary,
    cases: options.dataset.cases.map((c) => ({
      id: c.id,
      turns: c.turns,
      ...(c.tags ? { tags: c.tags } : {}),
      ...(c.expect ? { expect: c.expect } : {}),
      byTarget: Object.fromEntries(options.targets.map((t) => [t.name, stats(runs.filter((r) => r.caseId === c.id && r.target === t.name))])),
    })),
    runs,
    thresholds: (options.thresholds ?? []).map((t) => judgeThreshold(summary, t)),
    pageErrors: [...new Set(pageErrors)],
    durationMs,
  };
}

/**
 * Agent options as the report keeps them: header values (keys, tokens) left out.
 * @param {Record<string, unknown>} options
 */
function redact(options) {
  const { headers, apiKey: _apiKey, ...rest } = options;
  return headers && typeof headers === 'object' ? { ...rest, headers: Object.fromEntries(Object.keys(headers).map((k) => [k, '(not kept)'])) } : rest;
}
