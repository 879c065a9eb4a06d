// @ts-check
// `pageloop-eval` end to end (src/evals/cli.js in-process): a dataset whose
// results are known, run through the real loop in headless Chromium against
// the scripted mock (src/testing/mock-server.js), must pass whole; the same
// dataset with one expectation wrong must fail that case with a diff that
// names the argument, and exit 1 under --threshold; the HTML report is opened
// in Chromium (no request leaves the file), checked and screenshotted.
// The library the page runs is the standalone bundle, built fresh from the
// source (scripts/bundle.js). Run by `npm run test:node`.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildCdn } from '../../scripts/bundle.js';
import { startMockServer } from '../../src/testing/mock-server.js';
import { main } from '../../src/evals/cli.js';
import { CHROMIUM_ARGS, findChromium } from '../../src/evals/chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'pageloop-evals-test-'));
const library = join(scratch, 'cdn');
const known = JSON.parse(readFileSync(new URL('./fixtures/shop-known.json', import.meta.url), 'utf8'));
/** Where the report's screenshots go, to be looked at (env SCREENSHOT_DIR, else the scratch folder). */
const shots = process.env.SCREENSHOT_DIR ?? join(scratch, 'screenshots');

const chunk = (/** @type {Record<string, unknown>} */ delta, finish = /** @type {string | null} */ (null)) => ({ id: 'c', object: 'chat.completion.chunk', created: 0, model: 'mock-model', choices: [{ index: 0, delta, finish_reason: finish }] });
const usage = { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'mock-model', choices: [], usage: { prompt_tokens: 100, completion_tokens: 10 } };
const say = (/** @type {string} */ text) => ({ chunks: [chunk({ role: 'assistant', content: text }), chunk({}, 'stop'), usage] });
const call = (/** @type {Array<[string, Record<string, unknown>]>} */ calls) => ({
  chunks: [chunk({ role: 'assistant', content: '', tool_calls: calls.map(([name, args], index) => ({ index, id: `call_${index}`, type: 'function', function: { name, arguments: JSON.stringify(args) } })) }), chunk({}, 'tool_calls'), usage],
});
/** @param {string} when @param {object} turn */
const last = (when, turn) => ({ in: /** @type {const} */ ('last'), when, turn });

/** The mock's standing replies: what a model that knows the shop answers to each case's messages. */
const SHOP = [
  last('SKU A-1 are in stock', call([['get_inventory', { sku: 'A-1' }]])),
  last('"sku":"A-1"', say('SKU A-1 has 7 units in stock.')),
  last('weather in Paris', call([['get_weather', { city: 'Paris' }]])),
  last('"city":"Paris"', say('It is 18°C in Paris.')),
  last('Cancel order 1004', call([['cancel_order', { orderId: '1004' }]])),
  last('"ok":true', say('Order 1004 is cancelled.')),
  last('hello', say('Hello! How can I help you today?')),
  last('weather in Oslo', call([['get_weather', { city: 'Oslo' }]])),
  last('"city":"Oslo"', say('It is 18°C in Oslo.')),
  last('And in Lisbon?', call([['get_weather', { city: 'Lisbon' }]])),
  last('"city":"Lisbon"', say('It is 18°C in Lisbon.')),
  last('Stock of B-2', call([['get_inventory', { sku: 'B-2' }], ['get_weather', { city: 'Rome' }]])),
  last('"city":"Rome"', say('SKU B-2 has 7 units, and it is 18°C in Rome.')),
  last('Stock of C-3', call([['get_inventory', { sku: 'C-3' }]])),
  last('"sku":"C-3"', say('{"sku":"C-3","stock":7}')),
  // The call written as text while native tools were offered (a quirk the model layer reads and reports).
  last('weather in Berlin', say('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Berlin"}}\n</tool_call>')),
  last('"city":"Berlin"', say('It is 18°C in Berlin.')),
  last('good morning', say('Good morning! How can I help you?')),
];

/** @type {import('../../src/testing/mock-server.js').MockServer} */
let mock;
/** @type {{ baseURL: string }} */
let judge;

before(async () => {
  await buildCdn(library);
  mock = await startMockServer({ replies: SHOP });
  // The judge: an endpoint answering the grading request (not streamed) with its verdict.
  judge = mock.script({ turns: [], replies: [{ in: 'last', when: 'greets the user politely', turn: { json: { choices: [{ index: 0, message: { role: 'assistant', content: '{"pass": true, "reason": "It says good morning."}' } }] } } }] });
});
after(async () => {
  await mock?.close();
});

/**
 * Runs the command with `args` in-process; resolves with its exit code and what it printed.
 * @param {string[]} args
 */
async function evalCommand(args) {
  const lines = /** @type {string[]} */ ([]);
  const { log, error } = console;
  console.log = (...a) => lines.push(a.join(' '));
  console.error = (...a) => lines.push(a.join(' '));
  try {
    const code = await main(args);
    return { code, out: lines.join('\n') };
  } finally {
    Object.assign(console, { log, error });
  }
}

/** Writes `dataset` and the price table; returns the command's common arguments. @param {string} name @param {unknown} dataset */
function setup(name, dataset) {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'dataset.json'), JSON.stringify(dataset));
  writeFileSync(join(dir, 'prices.json'), JSON.stringify({ 'mock-model': { input: 1, output: 4 } }));
  return {
    dir,
    args: [join(dir, 'dataset.json'), '--base-url', mock.baseURL, '--model', 'mock-model', '--library', library, '--out', join(dir, 'report'), '--repeats', '2', '--prices', join(dir, 'prices.json'), '--judge', `base-url=${judge.baseURL},model=judge`],
  };
}

test('a dataset whose results are known passes whole through the real loop, and the report says what ran', async () => {
  const { dir, args } = setup('known', known);
  const { code, out } = await evalCommand([...args, '--threshold', '1', '--api-key', 'sk-test-kept-out']);
  assert.equal(code, 0, out);
  // The key reached the endpoint, and stays out of the report.
  assert.equal((await mock.log()).at(-1)?.headers.authorization, 'Bearer sk-test-kept-out');
  assert.doesNotMatch(readFileSync(join(dir, 'report', 'report.json'), 'utf8') + readFileSync(join(dir, 'report', 'report.html'), 'utf8'), /sk-test-kept-out/);
  assert.match(out, /\[18\/18\] pass mock-model · /);
  const report = JSON.parse(readFileSync(join(dir, 'report', 'report.json'), 'utf8'));
  const s = report.summary['mock-model'];
  assert.deepEqual(report.runs.filter((/** @type {any} */ r) => !r.pass).map((/** @type {any} */ r) => [r.caseId, r.failures]), []);
  assert.equal(s.passRate, 1);
  assert.deepEqual([s.toolCallAccuracy, s.argAccuracy, s.answerPassRate], [{ value: 1, of: 18 }, { value: 1, of: 14 }, { value: 1, of: 18 }]);
  assert.deepEqual(report.thresholds.map((/** @type {any} */ t) => t.passed), [true]);
  // Two calls in one turn, and a conversation of two turns: every call was recorded, in order.
  const byCase = (/** @type {string} */ id) => report.runs.find((/** @type {any} */ r) => r.caseId === id);
  assert.deepEqual(byCase('two-cities').calls.map((/** @type {any} */ c) => c.args.city), ['Oslo', 'Lisbon']);
  assert.deepEqual(byCase('cancel-1004').calls, [{ name: 'cancel_order', args: { orderId: '1004' }, status: 'ok' }]);
  // How replies were read: native everywhere, but the call written as text is named by its format.
  assert.ok(byCase('weather-berlin-as-text').formats.some((/** @type {string} */ f) => /:hermes$/.test(f)), JSON.stringify(byCase('weather-berlin-as-text').formats));
  assert.ok(s.formats.native > 0);
  // The judge was asked and its reason kept.
  assert.deepEqual(byCase('polite-greeting').judged, [{ rubric: 'The answer greets the user politely.', pass: true, reason: 'It says good morning.' }]);
  // Tokens as the endpoint reported them, priced per million.
  const calls = report.runs.reduce((/** @type {number} */ n, /** @type {any} */ r) => n + r.modelCalls, 0);
  assert.deepEqual(s.tokens, { prompt: 100 * calls, completion: 10 * calls });
  assert.equal(Number(s.cost.toFixed(6)), Number(((100 * calls * 1 + 10 * calls * 4) / 1e6).toFixed(6)));
  assert.ok(s.firstTokenMs.p50 > 0 && s.totalMs.p50 >= s.firstTokenMs.p50);
  assert.deepEqual(report.pageErrors, []);
  // Per case, the HTML shows the rates that apply, how replies were read, both latencies, tokens and cost.
  const html = readFileSync(join(dir, 'report', 'report.html'), 'utf8');
  const row = (/** @type {string} */ id) => html.slice(html.indexOf(`<tr id="case-${id}">`), html.indexOf('</tr>', html.indexOf(`<tr id="case-${id}">`)));
  const perCall = (100 * 1 + 10 * 4) / 1e6;
  assert.match(row('two-cities'), new RegExp(`calls 100 % · args 100 % · answer 100 %<br>native<br>first [\\d.]+ m?s · total [\\d.]+ m?s<br>800\\+80 tokens · cost ${(perCall * 8).toFixed(4)}`));
  assert.match(row('weather-berlin-as-text'), /native:hermes/);
  assert.match(row('hello'), /calls 100 % · answer 100 %<br>native<br>/, 'no argument rate where no call is expected');
});

test('one wrong expectation fails that case with a diff naming the argument, and --threshold makes the exit code 1', async () => {
  const wrong = structuredClone(known);
  wrong.cases.find((/** @type {any} */ c) => c.id === 'weather-paris').expect.calls[0].args.city = 'Lyon';
  const { dir, args } = setup('wrong', wrong);
  const { code, out } = await evalCommand([...args, '--threshold', 'passRate=95%', '--threshold', 'toolCallAccuracy=1']);
  assert.equal(code, 1, out);
  assert.match(out, /FAIL mock-model · weather-paris #1 · .*\n\s+call 1 get_weather: args\.city: expected "Lyon", got "Paris"/);
  assert.match(out, /threshold missed: passRate < 0\.95 for mock-model/);
  assert.doesNotMatch(out, /threshold missed: toolCallAccuracy/, 'the calls were right; only an argument was wrong');
  const report = JSON.parse(readFileSync(join(dir, 'report', 'report.json'), 'utf8'));
  assert.deepEqual(
    report.runs.filter((/** @type {any} */ r) => !r.pass).map((/** @type {any} */ r) => [r.caseId, r.toolCallsOk, r.argsOk, r.failures]),
    [0, 1].map(() => ['weather-paris', true, false, ['call 1 get_weather: args.city: expected "Lyon", got "Paris"']]),
  );
  assert.equal(report.summary['mock-model'].passRate, 16 / 18);
  // Without a threshold, the same failures are reported and the exit code stays 0.
  assert.equal((await evalCommand(args)).code, 0);
  await lookAtReport(join(dir, 'report', 'report.html'));
});

test('--compare puts two targets side by side; bad usage exits 2 with the usage', async () => {
  const { dir, args } = setup('compare', { ...known, cases: known.cases.slice(0, 3) });
  const second = `name=mock (text protocol),base-url=${mock.baseURL},model=mock-model,tool-protocol=text`;
  const { code, out } = await evalCommand([...args, '--name', 'mock (native)', '--target', second, '--compare', '--repeats', '1']);
  assert.equal(code, 0, out);
  const html = readFileSync(join(dir, 'report', 'report.html'), 'utf8');
  assert.match(html, /<h2>mock \(native\) vs mock \(text protocol\)<\/h2>/);
  assert.match(html, /<th scope="row">Median first output<\/th>/);
  assert.match(html, /<th scope="row">Cost<\/th><td>0\.\d{4}<\/td><td>0\.\d{4}<\/td>/);
  const bad = await evalCommand([join(dir, 'dataset.json'), '--compare', '--base-url', mock.baseURL, '--model', 'm']);
  assert.equal(bad.code, 2);
  assert.match(bad.out, /--compare needs exactly two targets \(got 1\)[\s\S]*Usage: pageloop-eval/);
  await lookAtReport(join(dir, 'report', 'report.html'), 'compare');
});

/**
 * Opens a report in Chromium with every request outside the file refused, checks what it shows, and
 * screenshots it light, dark and 420 px wide.
 * @param {string} file @param {string} [name]
 */
async function lookAtReport(file, name = 'report') {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    mkdirSync(shots, { recursive: true });
    for (const [scheme, width] of /** @type {const} */ ([['light', 1100], ['dark', 1100], ['light', 420]])) {
      const page = await browser.newPage({ colorScheme: scheme, viewport: { width, height: 900 } });
      const outside = /** @type {string[]} */ ([]);
      await page.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : (outside.push(route.request().url()), route.abort())));
      await page.goto(`file://${file}`);
      assert.deepEqual(outside, [], 'the report asked for something outside itself');
      assert.ok((await page.locator('svg.chart').count()) === 3, 'three charts');
      assert.ok((await page.locator('tbody tr[id^="case-"]').count()) > 0, 'a row per case');
      const scrollWidth = await page.evaluate(() => /** @type {any} */ (globalThis).document.documentElement.scrollWidth);
      assert.ok(scrollWidth <= width + 1, `the page scrolls sideways at ${width} px (${scrollWidth})`);
      await page.screenshot({ path: join(shots, `eval-${name}-${scheme}-${width}.png`), fullPage: true });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

void root;
