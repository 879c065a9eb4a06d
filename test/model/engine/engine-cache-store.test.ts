import { expect } from 'chai';
import { createAgent } from '../../../src/page/create-agent.js';
import type { Agent, EngineStatus } from '../../../src/types.js';
import { GgufEngine } from '../../../src/model/engine/gguf-engine.js';
import { modelStore } from '../../../src/model/engine/model-store.js';
import { engineReaches, tiny, tinyModelBlob, TINY_MODEL_URL } from './engine-helpers.js';

const agents: Agent[] = [];
afterEach(() => agents.splice(0).forEach((a) => a.dispose()));

/** Runs `body` with `proto[method]` rejecting as a full disk does; restores it after. */
async function withFullDisk<T>(proto: object, method: string, body: () => Promise<T>): Promise<T> {
  const target = proto as Record<string, unknown>;
  const original = target[method];
  let calls = 0;
  target[method] = () => {
    calls++;
    return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
  };
  try {
    return await body();
  } finally {
    target[method] = original;
    expect(calls, `${method} was tried`).to.be.greaterThan(0);
  }
}

/** An engine on this page (so the stub reaches its storage calls) that loads and greets. */
async function loadAndGreet(url: string, cache: 'opfs' | 'cache-api'): Promise<{ ready: EngineStatus; text: string }> {
  const statuses: EngineStatus[] = [];
  const engine = new GgufEngine({ ...tiny({ gguf: url, cache }), maxTokens: 16 }, (s) => statuses.push(s));
  try {
    await engine.load();
    let text = '';
    for await (const e of engine.model.stream({ messages: [{ role: 'user', content: 'hello' }] }, new AbortController().signal)) if (e.type === 'text') text += e.delta;
    return { ready: statuses.at(-1)!, text };
  } finally {
    await engine.dispose();
  }
}

describe('in-page engine: the OPFS cache and a full disk', function () {
  this.timeout(280000);

  it("cache: 'opfs' keeps a download in the Origin Private File System, and loads from it with no network", async () => {
    const store = modelStore('opfs')!;
    const url = `${TINY_MODEL_URL}?opfs=${crypto.randomUUID()}`;
    const first = createAgent({ engine: tiny({ gguf: url, cache: 'opfs' }) });
    agents.push(first);
    expect(await engineReaches(first, (s) => s.state === 'ready' || s.state === 'error')).to.deep.include({ state: 'ready', source: 'network' });
    const kept = await store.get(url);
    expect(kept?.size, 'stored whole after the download').to.equal(10031904);
    expect(await modelStore('cache-api')!.get(url), 'not in the Cache API').to.equal(undefined);

    // A URL the server does not have: only OPFS can answer it.
    const offline = `${location.origin}/no-such-server-path/opfs-${crypto.randomUUID()}.gguf`;
    expect(await store.put(offline, kept!)).to.equal(undefined);
    const second = createAgent({ engine: tiny({ gguf: offline, cache: 'opfs' }) });
    agents.push(second);
    expect(await engineReaches(second, (s) => s.state === 'ready' || s.state === 'error')).to.deep.include({ state: 'ready', source: 'cache' });
    expect(await second.send('hello').done).to.deep.include({ reason: 'answer', text: 'Hello! How can I help you today?' });
    await store.delete(url);
    await store.delete(offline);
    expect(await store.get(offline)).to.equal(undefined);
  });

  it('OPFS full (QuotaExceededError): a clear warning, nothing half-written kept, and the model still loads', async () => {
    const url = `${TINY_MODEL_URL}?opfs-full=${crypto.randomUUID()}`;
    const { ready, text } = await withFullDisk(FileSystemWritableFileStream.prototype, 'write', () => loadAndGreet(url, 'opfs'));
    expect(ready).to.deep.include({ state: 'ready', source: 'network' });
    expect((ready as { cacheWarning?: string }).cacheWarning).to.match(/could not be kept in the Origin Private File System: the disk or this site's storage quota is full \(QuotaExceededError\)\. It is loaded now, but the next load downloads it again\./);
    expect(text).to.equal('Hello! How can I help you today?');
    expect(await modelStore('opfs')!.get(url), 'no cut-off file left behind').to.equal(undefined);
  });

  it('Cache API full (QuotaExceededError): a clear warning, and the model still loads', async () => {
    const url = `${TINY_MODEL_URL}?cache-full=${crypto.randomUUID()}`;
    const { ready, text } = await withFullDisk(Cache.prototype, 'put', () => loadAndGreet(url, 'cache-api'));
    expect(ready).to.deep.include({ state: 'ready', source: 'network' });
    expect((ready as { cacheWarning?: string }).cacheWarning).to.match(/could not be kept in the Cache API: the disk or this site's storage quota is full \(QuotaExceededError\)/);
    expect(text).to.equal('Hello! How can I help you today?');
    expect(await modelStore('cache-api')!.get(url)).to.equal(undefined);
  });

  it('a cached model needs no network and no warning: the ready status has no cacheWarning', async () => {
    const blob = await tinyModelBlob();
    const url = `${location.origin}/no-such-server-path/warm-${crypto.randomUUID()}.gguf`;
    await modelStore('opfs')!.put(url, blob);
    const { ready } = await loadAndGreet(url, 'opfs');
    expect(ready).to.deep.include({ state: 'ready', source: 'cache' });
    expect(ready).to.not.have.property('cacheWarning');
    await modelStore('opfs')!.delete(url);
  });
});
