// @ts-check
// The eval's scoring and dataset checks (src/evals/scoring.js, dataset.js),
// as pure functions: which calls match, what the diff of a miss says, which
// answers pass, and how a bad dataset is refused. Run by `npm run test:node`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerJson, checkAnswer, scoreCalls } from '../../src/evals/scoring.js';
import { checkDataset, loadDataset } from '../../src/evals/dataset.js';
import { distribution, judgeThreshold, stats } from '../../src/evals/summary.js';

const weather = (/** @type {string} */ city) => ({ name: 'get_weather', args: { city } });

test('calls: the right call with the right arguments passes; a wrong argument fails with a diff down to the key', () => {
  assert.deepEqual(scoreCalls({ calls: [weather('Paris')] }, [weather('Paris')]), { namesOk: true, argsOk: true, failures: [] });
  assert.deepEqual(scoreCalls({ calls: [weather('Paris')] }, [weather('Lyon')]), { namesOk: true, argsOk: false, failures: ['call 1 get_weather: args.city: expected "Paris", got "Lyon"'] });
});

test('calls: subset arguments allow other keys, exact ones name each extra and each missing key', () => {
  const made = [{ name: 'get_weather', args: { city: 'Paris', unit: 'C' } }];
  assert.equal(scoreCalls({ calls: [weather('Paris')] }, made).argsOk, true);
  assert.deepEqual(scoreCalls({ calls: [{ ...weather('Paris'), argsMatch: 'exact' }] }, made).failures, ['call 1 get_weather: args.unit: not expected, got "C"']);
  assert.deepEqual(scoreCalls({ calls: [{ name: 'f', args: { a: { b: [1, 2] }, c: 1 } }] }, [{ name: 'f', args: { a: { b: [1, 3] } } }]).failures, ['call 1 f: args.a.b[1]: expected 2, got 3; args.c: expected 1, missing']);
});

test('calls: strict order, any order, extra calls, and no calls', () => {
  const two = [weather('Paris'), { name: 'get_inventory', args: { sku: 'A-1' } }];
  const reversed = [two[1], two[0]];
  const strict = scoreCalls({ calls: two }, /** @type {any} */ (reversed));
  assert.equal(strict.namesOk, false);
  assert.deepEqual(strict.failures, ['calls: expected get_weather({"city":"Paris"}), get_inventory({"sku":"A-1"}), got get_inventory({"sku":"A-1"}), get_weather({"city":"Paris"})']);
  assert.deepEqual(scoreCalls({ calls: two, order: 'any' }, /** @type {any} */ (reversed)), { namesOk: true, argsOk: true, failures: [] });
  const extra = [...two, weather('Oslo')];
  assert.equal(scoreCalls({ calls: two }, extra).namesOk, false);
  assert.equal(scoreCalls({ calls: two, allowExtra: true }, extra).namesOk, true);
  assert.equal(scoreCalls({ calls: [weather('Oslo')], allowExtra: true }, extra).argsOk, true, 'with allowExtra the expected call is found among others');
  assert.deepEqual(scoreCalls({ calls: [] }, [weather('Paris')]).failures, ['calls: expected no calls, got get_weather({"city":"Paris"})']);
  assert.equal(scoreCalls({ calls: [] }, []).namesOk, true);
});

test('answers: contains (all words), notContains, regex, a JSON Schema on the JSON in the answer', () => {
  assert.deepEqual(checkAnswer([{ contains: ['18', 'Paris'] }], 'It is 18°C in Paris.'), { ok: true, failures: [], pending: [] });
  assert.deepEqual(checkAnswer([{ contains: 'paris' }], 'It is 18°C in Paris.').failures, ['answer: lacks "paris" (answer: "It is 18°C in Paris.")']);
  assert.equal(checkAnswer([{ contains: 'paris', ignoreCase: true }], 'It is 18°C in Paris.').ok, true);
  assert.equal(checkAnswer([{ notContains: '<tool_call>' }], 'Done.').ok, true);
  assert.equal(checkAnswer([{ regex: '^SKU \\S+ has \\d+ units' }], 'SKU A-1 has 7 units in stock.').ok, true);
  const schema = { type: 'object', properties: { stock: { type: 'integer' } }, required: ['stock'] };
  assert.equal(checkAnswer([{ schema }], 'Here:\n```json\n{"stock": 7}\n```').ok, true);
  assert.match(checkAnswer([{ schema }], '{"stock": "seven"}').failures[0] ?? '', /fails the schema: .*#\/stock Instance type "string" is invalid/);
  assert.match(checkAnswer([{ schema }], 'seven').failures[0] ?? '', /no JSON found/);
  assert.deepEqual(checkAnswer([{ judge: 'polite' }], 'x'), { ok: false, failures: [], pending: [{ judge: 'polite' }] });
  assert.deepEqual(answerJson('The list: [1, 2] and more'), { value: [1, 2] });
});

test('summary: rates over the runs they apply to (null when none), percentiles, thresholds', () => {
  const run = (/** @type {Partial<import('../../src/evals/summary.js').RunResult>} */ r) => /** @type {import('../../src/evals/summary.js').RunResult} */ ({ pass: true, toolCallsOk: null, argsOk: null, answerOk: null, finalReason: 'answer', repairs: [], formats: ['native'], retries: 0, tokens: { prompt: 10, completion: 2 }, firstTokenMs: 5, totalMs: 10, cost: null, ...r });
  const s = stats([run({ toolCallsOk: true, argsOk: false, pass: false }), run({ toolCallsOk: true, argsOk: true }), run({ answerOk: true, formats: ['text:hermes'], repairs: ['arguments encoded twice'] })]);
  assert.deepEqual(s.toolCallAccuracy, { value: 1, of: 2 });
  assert.deepEqual(s.argAccuracy, { value: 0.5, of: 2 });
  assert.deepEqual(s.answerPassRate, { value: 1, of: 1 });
  assert.equal(s.passRate, 2 / 3);
  assert.deepEqual(s.formats, { native: 2, 'text:hermes': 1 });
  assert.deepEqual(s.repairs, { 'arguments encoded twice': 1 });
  assert.deepEqual(s.tokens, { prompt: 30, completion: 6 });
  assert.deepEqual(distribution([5, 1, 4, 2, 3]), { p50: 3, p90: 5, mean: 3, min: 1, max: 5 });
  assert.deepEqual(judgeThreshold({ a: s }, { metric: 'passRate', min: 0.9 }), { metric: 'passRate', min: 0.9, passed: false, failing: ['a'] });
  assert.equal(judgeThreshold({ a: s }, { metric: 'toolCallAccuracy', min: 0.9 }).passed, true);
  assert.equal(judgeThreshold({ a: stats([run({})]) }, { metric: 'answerPassRate', min: 0.5 }).passed, false, 'a rate that applies to no run cannot meet a threshold');
});

test('dataset: JSONL with shared tools loads; each mistake is refused with where and what', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pageloop-dataset-'));
  const file = join(dir, 'cases.jsonl');
  writeFileSync(file, '{"id":"a","prompt":"hi"}\n\n{"id":"b","conversation":["hi","bye"],"tools":[{"name":"f","result":1}],"expect":{"calls":[{"name":"f"}]}}\n');
  const dataset = await loadDataset(file);
  assert.equal(dataset.name, 'cases.jsonl');
  assert.deepEqual(dataset.cases.map((c) => c.turns), [['hi'], ['hi', 'bye']]);
  writeFileSync(file, '{"id":"a","prompt":"hi"}\n{"id":"b",\n');
  await assert.rejects(loadDataset(file), /cases\.jsonl:2: not JSON/);
  const refuse = (/** @type {unknown} */ raw, /** @type {RegExp} */ message) => assert.throws(() => checkDataset(raw, 'd'), message);
  refuse([{ id: 'a' }], /case "a": give either "prompt" \(a string\) or "conversation" \(user messages\), not neither/);
  refuse([{ id: 'a', prompt: 'x', tool: [] }], /case "a": unknown field "tool"/);
  refuse([{ id: 'a', prompt: 'x' }, { id: 'a', prompt: 'y' }], /case "a": the id is used twice/);
  refuse([{ id: 'a', prompt: 'x', tools: ['get_weather'] }], /tool "get_weather" is not one of the dataset's shared tools \(there are none\)/);
  refuse([{ id: 'a', prompt: 'x', expect: { calls: [{ name: 'get_weather' }] } }], /expect\.calls\[0\] names "get_weather", which the case does not offer \(no tools\)/);
  refuse([{ id: 'a', prompt: 'x', tools: [{ name: 'f', body: 'return (' }] }], /tool "f": "body" does not parse/);
  refuse([{ id: 'a', prompt: 'x', expect: { answer: { contains: 'x', regex: 'y' } } }], /each answer check has exactly one of contains, notContains, regex, schema, judge/);
  refuse([{ id: 'a', prompt: 'x', expect: { answer: { regex: '(' } } }], /answer regex "\(" does not compile/);
  refuse({ cases: [] }, /d: no cases/);
});

test('dataset: a TypeScript module loads (compiled where Node cannot strip its types), its tools and cases checked', async () => {
  const dataset = await loadDataset(new URL('./fixtures/typed-dataset.ts', import.meta.url).pathname);
  assert.equal(dataset.name, 'typed');
  assert.deepEqual(dataset.cases.map((c) => [c.id, c.turns, c.tools.map((t) => t.name)]), [['typed', ['Weather in Paris?'], ['get_weather']]]);
});

test("the guide's dataset (docs-site/guide/evals.md) is a valid dataset, and its cancel case is scored as it says", async () => {
  const { docSnippets } = await import('../support/doc-snippets.js');
  const root = new URL('../..', import.meta.url).pathname;
  const [block] = docSnippets(root).filter((s) => s.file === 'docs-site/guide/evals.md' && s.kind === 'json');
  assert.ok(block, 'the guide has its dataset as a json block');
  const dataset = checkDataset(JSON.parse(block.code), 'evals.md');
  assert.deepEqual(dataset.cases.map((c) => c.id), ['weather-paris', 'cancel', 'small-talk', 'two-turns']);
  const cancel = dataset.cases.find((c) => c.id === 'cancel');
  assert.ok(cancel?.expect?.calls);
  assert.equal(scoreCalls(cancel.expect, [{ name: 'cancel_order', args: { orderId: '1004' } }]).argsOk, true);
  assert.deepEqual(scoreCalls(cancel.expect, [{ name: 'cancel_order', args: { orderId: '1004', reason: 'x' } }]).failures, ['call 1 cancel_order: args.reason: not expected, got "x"']);
});
