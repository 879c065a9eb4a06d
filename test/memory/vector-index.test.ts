import { expect } from 'chai';
import { createInt8Scanner, scanModule } from '../../src/memory/int8-scan.js';
import { VectorIndex } from '../../src/memory/vector-index.js';
import { exactTopK, randomVectors, seededRandom } from './helpers.js';

/** recall@k of `found` against `exact`, averaged over queries. */
function recall(found: number[][], exact: number[][]): number {
  let hit = 0;
  let total = 0;
  found.forEach((ids, q) => {
    const truth = new Set(exact[q]);
    hit += ids.filter((id) => truth.has(id)).length;
    total += truth.size;
  });
  return hit / total;
}

describe('VectorIndex', () => {
  it('compiles the WebAssembly SIMD kernel in Chromium', () => {
    expect(scanModule()).to.be.instanceOf(WebAssembly.Module);
    expect(new VectorIndex(8).simd).to.equal(true);
  });

  it('the SIMD kernel and the JS fallback compute the same int8 dot products', () => {
    const random = seededRandom(5);
    const simd = createInt8Scanner(40, true);
    const js = createInt8Scanner(40, false);
    expect([simd.simd, js.simd]).to.deep.equal([true, false]);
    for (const scanner of [simd, js]) scanner.reserve(37);
    const rows = Int8Array.from({ length: 37 * simd.stride }, (_, i) => (i % simd.stride < 40 ? Math.floor(random() * 255) - 127 : 0));
    const query = Int16Array.from({ length: simd.stride }, (_, i) => (i < 40 ? Math.floor(random() * 255) - 127 : 0));
    for (const scanner of [simd, js]) {
      scanner.rows().set(rows);
      scanner.query().set(query);
    }
    const expected = Array.from({ length: 37 }, (_, r) => query.reduce((s, q, i) => s + q * rows[r * simd.stride + i]!, 0));
    expect(Array.from(simd.scan(37))).to.deep.equal(expected);
    expect(Array.from(js.scan(37))).to.deep.equal(expected);
  });

  it('the SIMD kernel and the JS fallback quantize alike (to within rounding of exact halves)', () => {
    const dims = 40;
    const src = randomVectors(70, dims, 12).reduce((all, v, i) => (all.set(v, i * dims), all), new Float32Array(70 * dims));
    const out = [true, false].map((simd) => {
      const scanner = createInt8Scanner(dims, simd);
      scanner.reserve(72);
      const scales = new Float32Array(72);
      scanner.quantize(src, dims, 2, scales);
      return { rows: Array.from(scanner.rows().subarray(2 * scanner.stride, 72 * scanner.stride)), scales: Array.from(scales) };
    });
    expect(out[0]!.scales.map((s) => s.toFixed(6))).to.deep.equal(out[1]!.scales.map((s) => s.toFixed(6)));
    out[0]!.rows.forEach((x, i) => expect(Math.abs(x - out[1]!.rows[i]!), `lane ${i}`).to.be.at.most(1));
    expect(out[0]!.rows.some((x) => x === 127 || x === -127)).to.equal(true);
  });

  for (const simd of [true, false]) {
    it(`agrees with exact f32 search on random data (recall@10 ≥ 0.99, ${simd ? 'SIMD' : 'JS'} scan)`, () => {
      const dims = 384;
      const vectors = randomVectors(5000, dims, 42);
      const index = new VectorIndex(dims, { simd });
      vectors.forEach((v, i) => index.set(i, v));
      const queries = randomVectors(20, dims, 99);
      const found = queries.map((q) => index.search(q, 10).map((h) => h.slot));
      const exact = queries.map((q) => exactTopK(vectors, q, 10));
      expect(recall(found, exact)).to.be.at.least(0.99);
    });
  }

  it('scores are the exact cosine similarities, best first', () => {
    const vectors = randomVectors(300, 48, 8);
    const index = new VectorIndex(48, { chunkSize: 64 });
    vectors.forEach((v, i) => index.set(i, v));
    const query = randomVectors(1, 48, 9)[0]!;
    const hits = index.search(query, 5);
    const cosine = (a: Float32Array, b: Float32Array) => {
      const dot = a.reduce((s, x, i) => s + x * b[i]!, 0);
      return dot / Math.sqrt(a.reduce((s, x) => s + x * x, 0) * b.reduce((s, x) => s + x * x, 0));
    };
    hits.forEach((hit) => expect(hit.score).to.be.closeTo(cosine(vectors[hit.slot]!, query), 1e-5));
    expect(hits.map((h) => h.slot)).to.deep.equal(exactTopK(vectors, query, 5));
  });

  it('finds exact results among near-duplicates, where int8 alone cannot tell them apart', () => {
    // 200 tiny perturbations of one vector: their int8 forms nearly coincide, so only the f32 re-rank orders them.
    const random = seededRandom(3);
    const base = randomVectors(1, 64, 4)[0]!;
    const vectors = Array.from({ length: 200 }, () => base.map((x) => x + (random() - 0.5) * 0.05));
    const index = new VectorIndex(64);
    vectors.forEach((v, i) => index.set(i, v));
    const query = base.map((x) => x + (random() - 0.5) * 0.05);
    expect(index.search(query, 10).map((h) => h.slot)).to.deep.equal(exactTopK(vectors, query, 10));
  });

  it('only returns allowed slots', () => {
    const vectors = randomVectors(100, 16, 1);
    const index = new VectorIndex(16);
    vectors.forEach((v, i) => index.set(i, v));
    const allowed = new Uint8Array(100).map((_, i) => (i % 3 === 0 ? 1 : 0));
    const hits = index.search(vectors[4]!, 10, allowed);
    expect(hits).to.have.length(10);
    hits.forEach((h) => expect(h.slot % 3).to.equal(0));
  });

  it('keeps resident memory within 1.3× the raw f32 bytes', () => {
    const dims = 384;
    const index = new VectorIndex(dims);
    const vectors = randomVectors(10_000, dims, 2);
    vectors.forEach((v, i) => index.set(i, v));
    expect(index.byteLength / (10_000 * dims * 4)).to.be.below(1.3);
  });
});
