/**
 * The in-page engine's way back to the CPU when WebGPU cannot run the model,
 * in the default test browser (started with --disable-gpu: `navigator.gpu`
 * exists, `requestAdapter()` resolves to null). The status must say which
 * backend runs the model and why, and the model must still answer.
 *
 * Two cases change the page's own `navigator.gpu` and run a `GgufEngine` on
 * the page (an agent's engine lives in its worker, out of a test's reach):
 * a browser without WebGPU, and an adapter that claims what llama.cpp needs
 * while llama.cpp's own worker gets none — the load on the GPU's settings
 * really happens, and llama.cpp's log really says it kept every layer.
 */
import { expect } from 'chai';
import { createAgent } from '../../../src/page/create-agent.js';
import { GgufEngine } from '../../../src/model/engine/gguf-engine.js';
import { buildSystemPrompt } from '../../../src/agent/system-prompt.js';
import type { Agent, EngineStatus } from '../../../src/types.js';
import type { ModelEvent } from '../../../src/model/chat-model.js';
import { engineReaches, tiny, tinyModelBlob } from './engine-helpers.js';

const GREETING = 'Hello! How can I help you today?';
const agents: Agent[] = [];
const engines: GgufEngine[] = [];
afterEach(async () => {
  agents.splice(0).forEach((a) => a.dispose());
  await Promise.all(engines.splice(0).map((e) => e.dispose()));
});

/** Runs `body` with the page's `navigator.gpu` replaced, then puts it back. */
async function withNavigatorGpu<T>(gpu: unknown, body: () => Promise<T>): Promise<T> {
  Object.defineProperty(navigator, 'gpu', { value: gpu, configurable: true });
  try {
    return await body();
  } finally {
    delete (navigator as { gpu?: unknown }).gpu;
  }
}

/** A page-side engine's greeting, through the model interface the loop uses. */
async function greet(engine: GgufEngine): Promise<string> {
  let text = '';
  const messages = [
    { role: 'system' as const, content: buildSystemPrompt(undefined) },
    { role: 'user' as const, content: 'hello' },
  ];
  for await (const event of engine.model.stream({ messages }, new AbortController().signal) as AsyncIterable<ModelEvent>) if (event.type === 'text') text += event.delta;
  return text;
}

describe('in-page engine: falling back to the CPU', function () {
  this.timeout(280000);

  it("says why when WebGPU offers no adapter, and answers on the CPU", async () => {
    // The premise of this browser: the probe in the agent's worker sees what the page sees.
    expect(await (navigator as unknown as { gpu: { requestAdapter(): Promise<unknown> } }).gpu.requestAdapter()).to.equal(null);
    const a = createAgent({ engine: { ...tiny(), gguf: await tinyModelBlob() } });
    agents.push(a);
    const ready = (await engineReaches(a, (s) => s.state === 'ready')) as Extract<EngineStatus, { state: 'ready' }>;
    expect(ready.backend).to.equal('cpu');
    expect(ready.fallbackReason).to.match(/requestAdapter\(\) returned null/);
    expect(ready).to.not.have.property('gpuLayers');
    expect(await a.send('hello').done).to.deep.include({ reason: 'answer', text: GREETING });
  });

  it("uses the CPU without asking for an adapter when gpu is 'off'", async () => {
    const a = createAgent({ engine: { ...tiny(), gguf: await tinyModelBlob(), gpu: 'off' } });
    agents.push(a);
    const ready = await engineReaches(a, (s) => s.state === 'ready');
    expect(ready).to.deep.include({ backend: 'cpu', fallbackReason: "engine.gpu is 'off'." });
  });

  it('refuses a gpu or gpuLayers it does not know, saying what is allowed', () => {
    expect(() => createAgent({ engine: { ...tiny(), gpu: 'on' as 'auto' } })).to.throw(TypeError, `engine.gpu must be 'auto' or 'off' (got "on")`);
    expect(() => createAgent({ engine: { ...tiny(), gpuLayers: -1 } })).to.throw(TypeError, 'engine.gpuLayers must be a whole number of at least 0 (got -1)');
    expect(() => createAgent({ engine: { ...tiny(), gpuLayers: 2.5 } })).to.throw(TypeError, 'engine.gpuLayers must be a whole number of at least 0 (got 2.5)');
  });

  it('says so when the browser has no navigator.gpu at all', async () => {
    const engine = new GgufEngine({ ...tiny(), gguf: await tinyModelBlob() });
    engines.push(engine);
    await withNavigatorGpu(undefined, () => engine.load());
    expect(engine.status()).to.deep.include({ state: 'ready', backend: 'cpu' });
    expect((engine.status() as { fallbackReason: string }).fallbackReason).to.match(/navigator\.gpu is absent/);
    expect(await greet(engine)).to.equal(GREETING);
  });

  it("trusts llama.cpp's own count: an adapter it cannot use leaves the model on the CPU, and the status says so", async () => {
    // The page's probe is told the adapter has every feature; llama.cpp's worker, a realm of its own, finds no adapter and keeps every layer on the CPU.
    const claiming = { requestAdapter: async () => ({ features: { has: () => true }, info: { vendor: 'test', architecture: 'claims-everything' } }) };
    const engine = new GgufEngine({ ...tiny(), gguf: await tinyModelBlob() });
    engines.push(engine);
    await withNavigatorGpu(claiming, () => engine.load());
    const ready = engine.status() as Extract<EngineStatus, { state: 'ready' }>;
    expect(ready.backend).to.equal('cpu');
    expect(ready.fallbackReason).to.equal('llama.cpp put no layer on the WebGPU adapter (test claims-everything); the model runs on the CPU.');
    expect(await greet(engine)).to.equal(GREETING);
  });
});
