/** Shared helpers of the memory tests: unique store names, cleanup, seeded random vectors. */
import { databaseName } from '../../src/memory/vector-store.js';

/** A store name no other test uses. */
export function uniqueName(label: string): string {
  return `test-${label}-${crypto.randomUUID()}`;
}

/** Deletes a named memory's database (close its engine first). */
export function deleteStore(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(databaseName(name));
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/** A small seeded PRNG (mulberry32), so "random" test data is the same every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` random Gaussian vectors of `dims` dimensions (not normalized). */
export function randomVectors(n: number, dims: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Array.from({ length: n }, () => Float32Array.from({ length: dims }, gaussian));
}

/** The ids of the exact top-k by cosine, computed the slow, obvious way. */
export function exactTopK(vectors: Float32Array[], query: Float32Array, k: number): number[] {
  const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  const qn = norm(query);
  return vectors
    .map((v, i) => ({ i, score: v.reduce((s, x, j) => s + x * query[j]!, 0) / (norm(v) * qn) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((hit) => hit.i);
}
