// @ts-check
/**
 * `pageloop-eval`: which model calls your tools right, and how often. Runs a
 * dataset through pageloop's real loop in headless Chromium against one or
 * more targets (endpoints or the in-page engine), prints progress and a
 * summary, writes report.json and report.html, and exits 1 when a
 * `--threshold` is missed (2 on bad usage or a bad dataset). The bin is
 * bin.js; this module is its `main`, so tests run it in-process.
 */
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { loadDataset } from './dataset.js';
import { runEvals } from './runner.js';
import { THRESHOLD_METRICS } from './summary.js';
import { writeReport } from './write-report.js';
import { ms } from './report-charts.js';

const USAGE = `Usage: pageloop-eval <dataset.jsonl|.json|.js> [targets] [options]

Targets (one or more):
  --base-url URL --model ID [--api-key KEY] [--name NAME]   an OpenAI-compatible endpoint
  --engine FILE.gguf [--name NAME]                           the in-page engine (a local file or a URL)
  --target SPEC             another target, repeatable: name=…,base-url=…,model=…,api-key=…,
                            engine=FILE,tool-protocol=auto|native|text,tool-format=…,temperature=…,seed=…
  --tool-protocol P, --temperature T, --seed S   settings of the --base-url / --engine target
Options:
  --repeats N               runs of each case on each target (default 1)
  --concurrency N           runs at once on an endpoint (default 2; the engine runs one at a time)
  --timeout-ms N            longest a case may take (default 120000)
  --filter REGEX            only the cases whose id matches
  --out DIR                 where report.json and report.html go (default eval-report)
  --threshold [METRIC=]X    exit 1 when a target's METRIC is below X (0–1 or a percentage); repeatable;
                            METRIC: ${THRESHOLD_METRICS.join(', ')} (default passRate)
  --compare                 show the two targets side by side
  --prices FILE.json        { "<model or target name>": { "input": …, "output": … } } per million tokens
  --judge SPEC              the model that grades { judge } checks: base-url=…,model=…,api-key=…
  --chromium PATH           the Chromium to drive (default: env CHROME_PATH, then the usual places)
  --library DIR             the standalone bundle to run (default: this package's dist/cdn)
  --quiet                   no progress lines`;

const OPTIONS = /** @type {const} */ ({
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'api-key': { type: 'string' },
  name: { type: 'string' },
  engine: { type: 'string' },
  target: { type: 'string', multiple: true },
  'tool-protocol': { type: 'string' },
  temperature: { type: 'string' },
  seed: { type: 'string' },
  repeats: { type: 'string' },
  concurrency: { type: 'string' },
  'timeout-ms': { type: 'string' },
  filter: { type: 'string' },
  out: { type: 'string' },
  threshold: { type: 'string', multiple: true },
  compare: { type: 'boolean' },
  prices: { type: 'string' },
  judge: { type: 'string' },
  chromium: { type: 'string' },
  library: { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
});

/**
 * Runs the command line `argv`; resolves with the exit code.
 * @param {string[]} argv
 * @returns {Promise<number>}
 */
export async function main(argv) {
  let args;
  try {
    args = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (err) {
    return usage(err instanceof Error ? err.message : String(err));
  }
  const { values, positionals } = args;
  if (values.help) return console.log(USAGE), 0;
  if (positionals.length !== 1) return usage(positionals.length ? `one dataset, not ${positionals.length}` : 'no dataset given');
  /** @type {import('./runner.js').EvalOptions} */
  let options;
  try {
    const dataset = await loadDataset(/** @type {string} */ (positionals[0]));
    if (values.filter) {
      const filter = new RegExp(values.filter);
      dataset.cases = dataset.cases.filter((c) => filter.test(c.id));
      if (dataset.cases.length === 0) throw new Error(`no case id matches --filter ${values.filter}`);
    }
    const targets = [...mainTarget(values), ...(values.target ?? []).map((spec) => toTarget(parseSpec(spec)))];
    if (values.compare && targets.length !== 2) throw new Error(`--compare needs exactly two targets (got ${targets.length})`);
    options = {
      dataset,
      targets,
      repeats: positiveInt(values.repeats, 'repeats', 1),
      concurrency: positiveInt(values.concurrency, 'concurrency', 2),
      timeoutMs: positiveInt(values['timeout-ms'], 'timeout-ms', 120_000),
      ...(values.threshold ? { thresholds: values.threshold.map(parseThreshold) } : {}),
      ...(values.prices ? { prices: JSON.parse(readFileSync(values.prices, 'utf8')) } : {}),
      ...(values.judge ? { judge: judgeOf(parseSpec(values.judge)) } : {}),
      ...(values.chromium ? { chromium: values.chromium } : {}),
      ...(values.library ? { libraryDir: values.library } : {}),
    };
  } catch (err) {
    return usage(err instanceof Error ? err.message : String(err));
  }
  const quiet = values.quiet === true;
  const width = String(options.dataset.cases.length * options.targets.length * (options.repeats ?? 1)).length;
  options.onProgress = (done, total, r) => {
    if (quiet) return;
    const line = `[${String(done).padStart(width)}/${total}] ${r.pass ? 'pass' : 'FAIL'} ${r.target} · ${r.caseId} #${r.repeat + 1} · ${ms(r.totalMs)}`;
    console.log(r.pass ? line : `${line}\n        ${r.failures.join('\n        ')}`);
  };
  const report = await runEvals(options);
  const written = await writeReport(report, values.out ?? 'eval-report', { compare: values.compare === true });
  printSummary(report);
  console.log(`report: ${written.html}\n        ${written.json}`);
  const missed = report.thresholds.filter((t) => !t.passed);
  for (const t of missed) console.log(`threshold missed: ${t.metric} < ${t.min} for ${t.failing.join(', ')}`);
  return missed.length > 0 ? 1 : 0;
}

/** @param {import('./runner.js').EvalReport} report */
function printSummary(report) {
  const pct = (/** @type {number | null} */ v) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);
  console.log(`\n${report.dataset.name}: ${report.dataset.cases} cases, ${report.runs.length} runs in ${ms(report.durationMs)}`);
  for (const [name, s] of Object.entries(report.summary)) {
    console.log(
      `  ${name}: passed ${pct(s.passRate)} · tool calls ${pct(s.toolCallAccuracy.value)} · arguments ${pct(s.argAccuracy.value)} · answers ${pct(s.answerPassRate.value)} · errors ${s.errors} · retries ${s.retries} · repairs ${Object.values(s.repairs).reduce((a, b) => a + b, 0)} · formats ${Object.entries(s.formats).map(([f, n]) => `${f} ${n}`).join(', ') || '—'} · first output p50 ${s.firstTokenMs.p50 === null ? '—' : ms(s.firstTokenMs.p50)} · total p50 ${s.totalMs.p50 === null ? '—' : ms(s.totalMs.p50)}, p90 ${s.totalMs.p90 === null ? '—' : ms(s.totalMs.p90)}${s.cost === null ? '' : ` · cost ${s.cost.toFixed(4)}`}`,
    );
  }
}

/** The target of --base-url/--model or --engine, if given. @param {Record<string, any>} v */
function mainTarget(v) {
  if (!v['base-url'] && !v.engine && !v.model) return [];
  return [toTarget({ name: v.name, 'base-url': v['base-url'], model: v.model, 'api-key': v['api-key'], engine: v.engine, 'tool-protocol': v['tool-protocol'], temperature: v.temperature, seed: v.seed })];
}

/** `a=1,b=2` as an object. @param {string} spec */
function parseSpec(spec) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const part of spec.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new Error(`"${part}" in "${spec}" is not key=value`);
    out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

const TARGET_KEYS = new Set(['name', 'base-url', 'model', 'api-key', 'engine', 'tool-protocol', 'tool-format', 'temperature', 'seed', 'threads', 'context-size', 'max-iterations']);

/**
 * @param {Record<string, string | undefined>} s
 * @returns {import('./runner.js').EvalTarget}
 */
function toTarget(s) {
  for (const key of Object.keys(s)) if (s[key] !== undefined && !TARGET_KEYS.has(key)) throw new Error(`unknown target setting "${key}" (known: ${[...TARGET_KEYS].join(', ')})`);
  if (s['tool-protocol'] && !['auto', 'native', 'text'].includes(s['tool-protocol'])) throw new Error(`tool-protocol is auto, native or text (got ${s['tool-protocol']})`);
  /** @type {Record<string, unknown>} */
  const options = {};
  if (s['tool-protocol']) options.toolProtocol = s['tool-protocol'];
  if (s['tool-format']) options.toolFormat = s['tool-format'];
  if (s['max-iterations']) options.maxIterations = positiveInt(s['max-iterations'], 'max-iterations', 10);
  const temperature = s.temperature === undefined ? undefined : Number(s.temperature);
  if (temperature !== undefined && !(temperature >= 0 && temperature <= 2)) throw new Error(`temperature is 0–2 (got ${s.temperature})`);
  if (s.engine) {
    /** @type {{ gguf: string, [key: string]: unknown }} */
    const engine = { gguf: s.engine };
    if (temperature !== undefined) engine.temperature = temperature;
    if (s.seed !== undefined) engine.seed = Number(s.seed);
    if (s.threads !== undefined) engine.threads = positiveInt(s.threads, 'threads', 1);
    if (s['context-size'] !== undefined) engine.contextSize = positiveInt(s['context-size'], 'context-size', 4096);
    return { name: s.name ?? `engine:${s.engine.replace(/^.*[\\/]/, '')}`, engine, options };
  }
  if (!s['base-url'] || !s.model) throw new Error('an endpoint target needs base-url and model');
  if (temperature !== undefined) options.temperature = temperature;
  return { name: s.name ?? s.model, baseURL: s['base-url'], model: s.model, ...(s['api-key'] ? { apiKey: s['api-key'] } : {}), options };
}

/** @param {Record<string, string>} s */
function judgeOf(s) {
  if (!s['base-url'] || !s.model) throw new Error('--judge needs base-url=… and model=…');
  return { baseURL: s['base-url'], model: s.model, ...(s['api-key'] ? { apiKey: s['api-key'] } : {}) };
}

/** @param {string} text */
function parseThreshold(text) {
  const [metric, value] = text.includes('=') ? text.split('=', 2) : ['passRate', text];
  if (!THRESHOLD_METRICS.includes(/** @type {string} */ (metric))) throw new Error(`--threshold metric is one of ${THRESHOLD_METRICS.join(', ')} (got ${metric})`);
  const number = Number(String(value).replace(/%$/, ''));
  const min = String(value).endsWith('%') || number > 1 ? number / 100 : number;
  if (!(min >= 0 && min <= 1)) throw new Error(`--threshold is 0–1 or a percentage (got ${value})`);
  return { metric: /** @type {string} */ (metric), min };
}

/** @param {string | undefined} value @param {string} name @param {number} fallback */
function positiveInt(value, name, fallback) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer (got ${value})`);
  return n;
}

/** @param {string} problem */
function usage(problem) {
  console.error(`pageloop-eval: ${problem}\n\n${USAGE}`);
  return 2;
}
