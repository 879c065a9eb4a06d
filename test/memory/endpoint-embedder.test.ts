import { expect } from 'chai';
import { PageloopError } from '../../src/errors.js';
import { EndpointEmbedder } from '../../src/memory/endpoint-embedder.js';
import { MemoryEngine } from '../../src/memory/memory-engine.js';
import { deleteStore, uniqueName } from './helpers.js';

async function mockSession(): Promise<{ baseURL: string; log: () => Promise<{ path: string; body: { input: string[]; model: string }; headers: Record<string, string> }[]> }> {
  const res = await fetch('/__mock/scripts', { method: 'POST', body: JSON.stringify({ turns: [] }) });
  const { baseURL } = (await res.json()) as { baseURL: string };
  const logURL = baseURL.replace(/\/v1$/, '/log');
  return { baseURL, log: async () => (await fetch(logURL)).json() };
}

describe('endpoint embedder', () => {
  it('embeds through the mock /v1/embeddings, batching inputs and sending the model and key', async () => {
    const { baseURL, log } = await mockSession();
    const embedder = new EndpointEmbedder({ baseURL, model: 'nomic-embed-text', apiKey: 'k-123' });
    const texts = Array.from({ length: 70 }, (_, i) => `text number ${i}`);
    const vectors = await embedder.embed(texts);
    expect(vectors).to.have.length(70);
    expect(vectors[0]).to.have.length(64);
    expect(embedder.dimensions).to.equal(64);
    const requests = await log();
    expect(requests.map((r) => r.body.input.length)).to.deep.equal([64, 6]);
    expect(requests[0]!.body.model).to.equal('nomic-embed-text');
    expect(requests[0]!.headers.authorization).to.equal('Bearer k-123');
  });

  it('keeps the order of inputs', async () => {
    const { baseURL } = await mockSession();
    const embedder = new EndpointEmbedder({ baseURL, model: 'm' });
    const [a, b, a2] = await embedder.embed(['alpha beta', 'gamma delta', 'alpha beta']);
    expect(Array.from(a!)).to.deep.equal(Array.from(a2!));
    expect(Array.from(a!)).not.to.deep.equal(Array.from(b!));
  });

  it('turns an HTTP error into a PageloopError with code http', async () => {
    const embedder = new EndpointEmbedder({ baseURL: '/__mock/no-such-session/v1', model: 'm' });
    const err = await embedder.embed(['x']).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(PageloopError);
    expect((err as PageloopError).code).to.equal('http');
  });

  it('backs a memory whose dimensions come from the endpoint', async () => {
    const { baseURL } = await mockSession();
    const name = uniqueName('endpoint');
    const memory = new MemoryEngine({ name, embedder: { baseURL, model: 'm' } });
    try {
      expect(await memory.add([])).to.deep.equal([]); // must not fix the dimensions at the offline default
      await memory.add([{ id: 'p', text: 'pasta with tomato sauce' }, { id: 'b', text: 'bike tyre pressure' }]);
      const [best] = await memory.search('tomato pasta', { k: 1, hybrid: false });
      expect(best?.id).to.equal('p');
      expect((await memory.stats()).dimensions).to.equal(64);
    } finally {
      memory.close();
      await deleteStore(name);
    }
  });
});
