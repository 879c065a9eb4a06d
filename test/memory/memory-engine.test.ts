import { expect } from 'chai';
import { PageloopError } from '../../src/errors.js';
import { MemoryEngine } from '../../src/memory/memory-engine.js';
import { deleteStore, randomVectors, uniqueName } from './helpers.js';

describe('MemoryEngine', () => {
  const opened: MemoryEngine[] = [];
  const names: string[] = [];
  function open(name: string, options: ConstructorParameters<typeof MemoryEngine>[0] = {}): MemoryEngine {
    const engine = new MemoryEngine({ name, ...options });
    opened.push(engine);
    if (!names.includes(name)) names.push(name);
    return engine;
  }
  afterEach(async () => {
    for (const engine of opened.splice(0)) engine.close();
    for (const name of names.splice(0)) await deleteStore(name);
  });

  it('adds texts and finds the closest one first', async () => {
    const memory = open(uniqueName('basic'));
    const ids = await memory.add([
      { text: 'The quarterly invoice for Acme Corp totals 4,200 euros' },
      { text: 'Grandma’s apple pie recipe needs cinnamon and butter' },
      { text: 'The office wifi password changed on Monday' },
    ]);
    expect(ids).to.have.length(3);
    expect(new Set(ids).size).to.equal(3);
    expect(await memory.count()).to.equal(3);
    const [best] = await memory.search('apple pie recipe', { k: 1 });
    expect(best?.id).to.equal(ids[1]);
    expect(best?.text).to.contain('apple pie');
  });

  it('keeps given ids and replaces an item added again under the same id', async () => {
    const memory = open(uniqueName('upsert'));
    await memory.add([{ id: 'a', text: 'first version about cats' }, { id: 'b', text: 'something about dogs' }]);
    await memory.add([{ id: 'a', text: 'second version about parrots', meta: { v: 2 } }]);
    expect(await memory.count()).to.equal(2);
    const [best] = await memory.search('parrots', { k: 1, hybrid: false });
    expect(best).to.deep.include({ id: 'a', text: 'second version about parrots' });
    expect(best?.meta).to.deep.equal({ v: 2 });
  });

  it('returns cosine similarity for a vector query, 1 for the identical vector', async () => {
    const memory = open(uniqueName('vector'), { dimensions: 32 });
    const vectors = randomVectors(50, 32, 7);
    await memory.add(vectors.map((vector, i) => ({ id: `v${i}`, text: `item ${i}`, vector })));
    const hits = await memory.search(vectors[17]!, { k: 3 });
    expect(hits[0]?.id).to.equal('v17');
    expect(hits[0]?.score).to.be.closeTo(1, 1e-5);
    expect(hits[1]!.score).to.be.at.most(hits[0]!.score);
  });

  it('deletes items, ignoring unknown ids, and the rest stay findable', async () => {
    const memory = open(uniqueName('delete'), { dimensions: 16, chunkSize: 4 });
    const vectors = randomVectors(10, 16, 3);
    await memory.add(vectors.map((vector, i) => ({ id: `v${i}`, text: `item ${i}`, vector })));
    expect(await memory.delete(['v2', 'v5', 'nope'])).to.equal(2);
    expect(await memory.count()).to.equal(8);
    expect((await memory.search(vectors[2]!, { k: 8 })).map((h) => h.id)).not.to.include('v2');
    for (const i of [0, 1, 3, 4, 6, 7, 8, 9]) {
      const [best] = await memory.search(vectors[i]!, { k: 1 });
      expect(best?.id, `v${i}`).to.equal(`v${i}`);
    }
  });

  it('clear() forgets everything', async () => {
    const memory = open(uniqueName('clear'));
    await memory.add([{ text: 'one' }, { text: 'two' }]);
    await memory.clear();
    expect(await memory.count()).to.equal(0);
    expect(await memory.search('one')).to.deep.equal([]);
  });

  it('keeps named stores apart', async () => {
    const a = open(uniqueName('named-a'));
    const b = open(uniqueName('named-b'));
    await a.add([{ text: 'only in store a' }]);
    await b.add([{ text: 'in store b' }, { text: 'also in store b' }]);
    expect(await a.count()).to.equal(1);
    expect(await b.count()).to.equal(2);
    expect((await a.search('store')).map((h) => h.text)).to.deep.equal(['only in store a']);
  });

  it('survives a reload: a new engine on the same store finds what the old one saved', async () => {
    const name = uniqueName('reload');
    const first = open(name, { dimensions: 24, chunkSize: 8 });
    const vectors = randomVectors(30, 24, 11);
    await first.add(vectors.map((vector, i) => ({ id: `v${i}`, text: `note number ${i}`, vector, meta: { i } })));
    await first.delete(['v3']);
    first.close();

    const second = open(name, { dimensions: 24, chunkSize: 8 });
    expect(await second.count()).to.equal(29);
    const [best] = await second.search(vectors[20]!, { k: 1 });
    expect(best).to.deep.include({ id: 'v20', text: 'note number 20' });
    expect(best?.meta).to.deep.equal({ i: 20 });
    expect((await second.search(vectors[3]!, { k: 29 })).map((h) => h.id)).not.to.include('v3');
  });

  it('filters by meta fields, matching tags inside arrays', async () => {
    const memory = open(uniqueName('filter'));
    await memory.add([
      { id: 'w', text: 'meeting notes about the budget', meta: { tags: ['work', 'finance'] } },
      { id: 'h', text: 'notes about the garden budget', meta: { tags: ['home'] } },
      { id: 'n', text: 'budget notes without tags' },
    ]);
    const hits = await memory.search('budget notes', { filter: { tags: 'home' } });
    expect(hits.map((h) => h.id)).to.deep.equal(['h']);
  });

  it('rejects vectors of the wrong length with a bad-request error', async () => {
    const memory = open(uniqueName('dims'), { dimensions: 8 });
    const err = await memory.add([{ text: 'x', vector: [1, 2, 3] }]).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(PageloopError);
    expect((err as PageloopError).code).to.equal('bad-request');
  });

  it('rejects calls after close() with a disposed error', async () => {
    const memory = open(uniqueName('closed'));
    await memory.count();
    memory.close();
    const err = await memory.count().catch((e: unknown) => e);
    expect((err as PageloopError).code).to.equal('disposed');
  });
});
