import { expect } from 'chai';
import { Bm25Index } from '../../src/memory/bm25.js';
import { RRF_K, fuseRankings } from '../../src/memory/hybrid-search.js';
import { MemoryEngine } from '../../src/memory/memory-engine.js';
import { deleteStore, uniqueName } from './helpers.js';

/**
 * A small corpus with hand-made 4-d embeddings (served by the mock's embedding
 * table): "sem" means what the query means without sharing a word with it,
 * "lex" shares the query's words but its embedding points elsewhere.
 */
const QUERY = 'feline companions';
const CORPUS: { id: string; text: string; vector: number[] }[] = [
  { id: 'sem', text: 'My cat Tom sleeps on the windowsill all day', vector: [0.9, 0.1, 0, 0] },
  { id: 'lex', text: 'Flyer: adopt feline companions at the shelter', vector: [0, 0, 1, 0] },
  { id: 'd1', text: 'Quarterly tax return deadline', vector: [0.3, 0.9, 0, 0.1] },
  { id: 'd2', text: 'Bicycle repair shop opening hours', vector: [0.2, 0.2, 0.2, 0.9] },
  { id: 'd3', text: 'Recipe for lentil soup', vector: [0.1, 0.5, 0.1, 0.8] },
  { id: 'd4', text: 'Notes from the budget review', vector: [0.25, 0.1, 0.05, 0.95] },
];

async function mockEmbeddings(table: Record<string, number[]>): Promise<string> {
  const res = await fetch('/__mock/scripts', { method: 'POST', body: JSON.stringify({ turns: [], embeddings: table }) });
  return ((await res.json()) as { baseURL: string }).baseURL;
}

describe('hybrid search', () => {
  let memory: MemoryEngine;
  let name: string;

  beforeEach(async () => {
    name = uniqueName('hybrid');
    const table: Record<string, number[]> = { [QUERY]: [1, 0, 0, 0] };
    const baseURL = await mockEmbeddings(table);
    memory = new MemoryEngine({ name, embedder: { baseURL, model: 'mock-embed' } });
    await memory.add(CORPUS.map(({ id, text, vector }) => ({ id, text, vector })));
  });
  afterEach(async () => {
    memory.close();
    await deleteStore(name);
  });

  it('reaches both the lexical-only and the semantic-only match', async () => {
    const top2 = (await memory.search(QUERY, { k: 2 })).map((h) => h.id);
    expect(top2).to.have.members(['sem', 'lex']);
  });

  it('vector-only search misses the lexical-only match that hybrid finds', async () => {
    const top2 = (await memory.search(QUERY, { k: 2, hybrid: false })).map((h) => h.id);
    expect(top2).to.include('sem').and.not.include('lex');
  });

  it('drops no vector hit for being dissimilar: every item is ranked when k covers them', async () => {
    const hits = await memory.search(QUERY, { k: CORPUS.length });
    expect(hits.map((h) => h.id)).to.have.members(CORPUS.map((c) => c.id));
  });

  it('applies the filter to both halves', async () => {
    await memory.add([{ id: 'lex', text: CORPUS[1]!.text, vector: CORPUS[1]!.vector, meta: { keep: true } }]);
    const hits = await memory.search(QUERY, { k: 3, filter: { keep: true } });
    expect(hits.map((h) => h.id)).to.deep.equal(['lex']);
  });
});

describe('fuseRankings', () => {
  it('scores Σ 1/(60 + rank) and ranks items found by both halves first', () => {
    const fused = fuseRankings([[{ id: 'a' }, { id: 'b' }], [{ id: 'b' }, { id: 'c' }]], 3);
    expect(fused.map((f) => f.id)).to.deep.equal(['b', 'a', 'c']);
    expect(fused[0]!.score).to.be.closeTo(1 / (RRF_K + 2) + 1 / (RRF_K + 1), 1e-12);
  });
});

describe('BM25', () => {
  it('ranks the document with the rarer matching term higher and forgets removed ones', () => {
    const bm25 = new Bm25Index();
    bm25.add('1', 'the invoice for the printer');
    bm25.add('2', 'printer toner printer paper');
    bm25.add('3', 'an invoice from the garage');
    bm25.add('4', 'printer manual');
    expect(bm25.search('invoice printer', 4)[0]?.id).to.equal('1');
    bm25.remove('1');
    expect(bm25.search('invoice', 4).map((h) => h.id)).to.deep.equal(['3']);
  });
});
