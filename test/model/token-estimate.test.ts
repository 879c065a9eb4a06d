// The token estimate against a real BPE tokenizer: the mock counts with
// cl100k_base (js-tiktoken) the way llama-server counts a ChatML prompt. The
// corpus is this repository's own prose, code and JSON, frozen in
// test/fixtures/token-corpus/ (copies taken on 2026-11-23), so that editing the
// live files cannot move the figures this test checks.
import { expect } from 'chai';
import { TokenEstimator, estimateTextTokens } from '../../src/model/token-estimate.js';
import { mockEndpoint } from '../../src/testing/mock-endpoint.js';
import type { ChatMessage } from '../../src/types.js';
import type { ModelTool } from '../../src/model/chat-model.js';

const CORPUS = '/test/fixtures/token-corpus/';
const FILES = [
  ...['README.md', 'ARCHITECTURE.md', 'run-loop.ts', 'conversation-state.ts', 'markdown-corpus.ts', 'package.json', 'html-to-text.ts'].map((name) => `${CORPUS}${name}.txt`),
  '/test/fixtures/thread-schema-1.json',
];

async function text(path: string): Promise<string> {
  const res = await fetch(path);
  expect(res.ok, path).to.equal(true);
  return res.text();
}

async function tokenize(baseURL: string, content: string): Promise<number> {
  const res = await fetch(baseURL.replace(/\/v1$/, '/tokenize'), { method: 'POST', body: JSON.stringify({ content }) });
  return ((await res.json()) as { tokens: number[] }).tokens.length;
}

const err = (estimate: number, truth: number) => Math.abs(estimate / truth - 1);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('token estimate', () => {
  it('is within 15 % of a BPE tokenizer on prose, code and JSON', async () => {
    const mock = await mockEndpoint({ turns: [] });
    const errors: string[] = [];
    let sumEstimate = 0;
    let sumTruth = 0;
    for (const path of FILES) {
      const content = (await text(path)).slice(0, 12000);
      const truth = await tokenize(mock.baseURL, content);
      const estimate = estimateTextTokens(content);
      sumEstimate += estimate;
      sumTruth += truth;
      errors.push(`${path}: ${((estimate / truth - 1) * 100).toFixed(1)}%`);
      expect(err(estimate, truth), path).to.be.lessThan(0.15);
    }
    console.log(`token estimate vs cl100k, per file: ${errors.join(', ')}; overall ${((sumEstimate / sumTruth - 1) * 100).toFixed(1)}%`);
  });

  it('estimates whole requests within 15 % of the counted prompt, and corrects itself from reported usage', async function () {
    this.timeout(30000);
    const mock = await mockEndpoint({ nCtx: 1_000_000, turns: [] });
    const corpus = await Promise.all(FILES.map(text));
    const tools: ModelTool[] = [
      { name: 'read_file', description: 'Reads a file of the project.', parameters: { type: 'object', properties: { path: { type: 'string', description: 'The path.' } }, required: ['path'] } },
      { name: 'task_complete', description: "Call when the user's task is done.", parameters: { type: 'object', properties: { result: { type: 'string' } }, required: ['result'] } },
    ];
    const system = 'You are an agent working inside a web page. Use tools to look things up instead of guessing.';
    const history: ChatMessage[] = [];
    const raw: number[] = [];
    const corrected: number[] = [];
    const estimator = new TokenEstimator();
    for (let k = 0; k < 12; k++) {
      const source = corpus[k % corpus.length]!;
      const piece = source.slice((k * 1500) % Math.max(1, source.length - 1500), ((k * 1500) % Math.max(1, source.length - 1500)) + 1500);
      history.push({ role: 'user', content: `Step ${k}: please read ${FILES[k % FILES.length]} and tell me what matters in it.` });
      history.push({ role: 'assistant', content: null, tool_calls: [{ id: `call_${k}`, type: 'function', function: { name: 'read_file', arguments: JSON.stringify({ path: FILES[k % FILES.length] }) } }] });
      history.push({ role: 'tool', tool_call_id: `call_${k}`, content: piece });
      history.push({ role: 'assistant', content: `It mostly covers ${piece.slice(0, 200).replace(/\s+/g, ' ')}…` });
      // What the HTTP client would send.
      const body = { model: 'mock-model', messages: [{ role: 'system', content: system }, ...history], tools: tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.parameters } })) };
      await fetch(`${mock.baseURL}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const truth = (await mock.log()).at(-1)!.promptTokens!;
      const parts = { system, history, tools };
      raw.push(err(new TokenEstimator().prompt(parts), truth));
      const guess = estimator.prompt(parts);
      corrected.push(err(guess, truth));
      estimator.observe(guess, truth);
    }
    console.log(
      `request estimate vs counted prompt: raw mean ${(mean(raw) * 100).toFixed(1)}% (max ${(Math.max(...raw) * 100).toFixed(1)}%); ` +
        `self-corrected from the 3rd request on: mean ${(mean(corrected.slice(2)) * 100).toFixed(1)}% (max ${(Math.max(...corrected.slice(2)) * 100).toFixed(1)}%); ratio ${estimator.ratio.toFixed(3)}`,
    );
    expect(Math.max(...raw)).to.be.lessThan(0.15);
    expect(mean(corrected.slice(2))).to.be.lessThan(mean(raw));
    expect(Math.max(...corrected.slice(2))).to.be.lessThan(0.05);
  });

  it('samples a 200 KB text and stays within 15 %', async () => {
    const mock = await mockEndpoint({ turns: [] });
    const corpus = (await Promise.all(FILES.map(text))).join('\n');
    const big = corpus.repeat(Math.ceil(200_000 / corpus.length)).slice(0, 200_000);
    const truth = await tokenize(mock.baseURL, big);
    const estimate = estimateTextTokens(big);
    console.log(`200 KB text: estimate ${estimate}, cl100k ${truth} (${((estimate / truth - 1) * 100).toFixed(1)}%)`);
    expect(err(estimate, truth)).to.be.lessThan(0.15);
  });

  it('ignores implausible usage reports', () => {
    const estimator = new TokenEstimator();
    estimator.observe(1000, 0);
    estimator.observe(1000, 10);
    expect(estimator.ratio).to.equal(1);
    estimator.observe(1000, 1200);
    expect(estimator.ratio).to.be.closeTo(1.12, 0.001);
  });
});
