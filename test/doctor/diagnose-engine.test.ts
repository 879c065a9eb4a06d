// The doctor for the in-page engine, run in the agent's real worker in this
// (not cross-origin isolated) Chromium page: the worker and WebAssembly may
// start, one thread and why, WebGPU, and the model's place in the Cache API.
import { expect } from 'chai';
import { createAgent } from '../../src/page/create-agent.js';
import type { Agent, Diagnosis, DiagnosisCheck, EngineOptions } from '../../src/types.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

function line(d: Diagnosis, id: string): DiagnosisCheck {
  const found = d.checks.find((c) => c.id === id);
  if (!found) throw new Error(`no check "${id}" in ${d.checks.map((c) => c.id).join(', ')}`);
  return found;
}

async function diagnoseEngine(engine: EngineOptions): Promise<Diagnosis> {
  const agent = createAgent({ engine });
  agents.push(agent);
  return agent.diagnose();
}

describe('agent.diagnose() for the in-page engine', function () {
  this.timeout(30000);

  it('a model already in the Cache API: cached with its size; not isolated, so one thread, with the COOP/COEP fix', async () => {
    const url = new URL(`/doctor-cached-${crypto.randomUUID()}.gguf`, location.href).href;
    const cache = await caches.open('pageloop-models-v1');
    await cache.put(url, new Response(new Blob([new Uint8Array(2_000_000)])));
    try {
      const d = await diagnoseEngine({ gguf: url, gpu: 'off' });
      expect(d.target).to.equal('engine');
      expect(d.subject).to.equal(url);
      expect(d.checks.map((c) => c.id)).to.deep.equal(['worker', 'threads', 'isolation', 'webgpu', 'cache']);
      expect(line(d, 'worker').status).to.equal('pass');
      expect(line(d, 'isolation')).to.include({ status: 'warn' });
      expect(line(d, 'isolation').fix).to.match(/Cross-Origin-Opener-Policy: same-origin/).and.match(/Cross-Origin-Embedder-Policy/);
      const cores = navigator.hardwareConcurrency;
      expect(line(d, 'threads').status).to.equal(cores > 2 ? 'warn' : 'pass');
      expect(line(d, 'threads').detail).to.match(new RegExp(`^1 of ${cores} cores`));
      expect(line(d, 'webgpu')).to.include({ status: 'skip' });
      expect(line(d, 'webgpu').detail).to.match(/engine\.gpu is 'off'/);
      expect(line(d, 'cache')).to.include({ status: 'pass' });
      expect(line(d, 'cache').detail).to.match(/^Cached in the Cache API \(2\.0 MB\)/);
    } finally {
      await cache.delete(url);
    }
  });

  it('a model not downloaded yet says so; WebGPU without an adapter (this Chromium runs with --disable-gpu) is a warning with its fix', async () => {
    const d = await diagnoseEngine({ gguf: `/doctor-missing-${crypto.randomUUID()}.gguf` });
    expect(line(d, 'cache').detail).to.match(/^Not downloaded yet/);
    expect(line(d, 'webgpu')).to.include({ status: 'warn' });
    expect(line(d, 'webgpu').detail).to.match(/runs on the CPU/);
    expect(line(d, 'webgpu').fix).to.match(/WebGPU/);
  });

  it('engine.threads above 1 on a page that is not isolated is a fail naming the headers', async () => {
    const d = await diagnoseEngine({ gguf: `/doctor-missing-${crypto.randomUUID()}.gguf`, threads: 4, gpu: 'off' });
    expect(line(d, 'threads')).to.include({ status: 'fail' });
    expect(line(d, 'threads').fix).to.match(/Cross-Origin-Opener-Policy/);
  });

  it('a picked file is not cached, and caching switched off is said so', async () => {
    const picked = await diagnoseEngine({ gguf: new Blob([new Uint8Array(16)]), gpu: 'off' });
    expect(picked.subject).to.equal('a picked file');
    expect(line(picked, 'cache')).to.include({ status: 'skip' });
    const off = await diagnoseEngine({ gguf: `/doctor-missing-${crypto.randomUUID()}.gguf`, cache: false, gpu: 'off' });
    expect(line(off, 'cache').detail).to.match(/Caching is off/);
  });

  it('an agent on a model module has nothing to check, and says so', async () => {
    const agent = createAgent({ modelModule: '/demo/scripted-model.ts', model: 'scripted' });
    agents.push(agent);
    const d = await agent.diagnose();
    expect(d.target).to.equal('model-module');
    expect(d.checks).to.deep.equal([{ id: 'model-module', label: 'Model module', status: 'skip', detail: "The agent's model is the module /demo/scripted-model.ts (option modelModule): no endpoint or engine to check.",
      // The line it was written from, with its value, for the element to say in its own language.
      said: { detail: [{ id: 'dxModelModule', params: ['/demo/scripted-model.ts'] }] },
    }]);
  });
});
