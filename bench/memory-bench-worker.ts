/**
 * The memory benchmark's worker: builds both stores from the same seeded
 * random vectors and times them. Ground truth for recall is an exact f64 scan
 * over regenerated data, independent of both implementations.
 */
import { openDB } from 'idb';
import { MemoryEngine } from '../src/memory/memory-engine.js';
import { seededRandom as rng } from './lib/stats.js';
import type { MemoryBenchReply, MemoryBenchRequest, MemoryBenchResult } from './memory-bench.js';

const DIMS = 384;
const K = 10;
const BATCH = 10_000;

/** Vectors `start … start+count-1` of the data set `seed` (uniform in [-1, 1), as embeddings are centred). */
function* batches(seed: number, total: number): Generator<{ start: number; vectors: Float32Array[] }> {
  const random = rng(seed);
  for (let start = 0; start < total; start += BATCH) {
    const count = Math.min(BATCH, total - start);
    const vectors = Array.from({ length: count }, () => Float32Array.from({ length: DIMS }, () => random() * 2 - 1));
    yield { start, vectors };
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function queries(count: number, seed: number): Float32Array[] {
  const random = rng(seed);
  return Array.from({ length: count }, () => Float32Array.from({ length: DIMS }, () => random() * 2 - 1));
}

/** Exact top-k ids of every query by cosine, in f64, streaming over the regenerated data. */
function exactTopK(seed: number, total: number, qs: Float32Array[]): string[][] {
  const qNorms = qs.map((q) => Math.sqrt(q.reduce((s, x) => s + x * x, 0)));
  const best = qs.map(() => [] as { id: string; score: number }[]);
  for (const { start, vectors } of batches(seed, total)) {
    vectors.forEach((v, j) => {
      let vv = 0;
      for (let i = 0; i < DIMS; i++) vv += v[i]! * v[i]!;
      const vn = Math.sqrt(vv);
      qs.forEach((q, qi) => {
        let dot = 0;
        for (let i = 0; i < DIMS; i++) dot += q[i]! * v[i]!;
        const score = dot / (vn * qNorms[qi]!);
        const list = best[qi]!;
        if (list.length < K || score > list[list.length - 1]!.score) {
          list.push({ id: `v${start + j}`, score });
          list.sort((a, b) => b.score - a.score);
          if (list.length > K) list.pop();
        }
      });
    });
  }
  return best.map((list) => list.map((hit) => hit.id));
}

function recall(found: string[][], truth: string[][]): number {
  let hits = 0;
  found.forEach((ids, q) => (hits += ids.filter((id) => truth[q]!.includes(id)).length));
  return hits / (truth.length * K);
}

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/** Ours: fill, reopen (cold load), query. */
async function measureEngine(name: string, seed: number, total: number, qs: Float32Array[], reloads: number) {
  await deleteDatabase(`pageloop-memory:${name}`);
  let engine = new MemoryEngine({ name });
  await engine.ready;
  let insertMs = 0;
  for (const { start, vectors } of batches(seed, total)) {
    const items = vectors.map((vector, j) => ({ id: `v${start + j}`, text: `item ${start + j}`, vector }));
    const t0 = performance.now();
    await engine.add(items);
    insertMs += performance.now() - t0;
  }
  const loads: number[] = [];
  for (let i = 0; i < reloads; i++) {
    engine.close();
    const t0 = performance.now();
    engine = new MemoryEngine({ name });
    await engine.ready;
    loads.push(performance.now() - t0);
  }
  const times: number[] = [];
  const found: string[][] = [];
  for (const q of qs) {
    const t0 = performance.now();
    const hits = await engine.search(q, { k: K });
    times.push(performance.now() - t0);
    found.push(hits.map((h) => h.id));
  }
  const stats = await engine.stats();
  engine.close();
  await deleteDatabase(`pageloop-memory:${name}`);
  return { insertPerS: total / (insertMs / 1000), coldLoad: median(loads), queryP50: median(times), found, resident: stats.residentBytes / stats.vectorBytes, simd: stats.simd };
}

interface BaselineRecord {
  id: string;
  text: string;
  vector: number[];
}

/** The common way: one record per vector (a plain number array), getAll + reduce per query. */
async function measureBaseline(name: string, seed: number, total: number, qs: Float32Array[]) {
  await deleteDatabase(name);
  const db = await openDB(name, 1, { upgrade: (d) => d.createObjectStore('vectors', { keyPath: 'id' }) });
  let insertMs = 0;
  for (const { start, vectors } of batches(seed, total)) {
    const records: BaselineRecord[] = vectors.map((v, j) => ({ id: `v${start + j}`, text: `item ${start + j}`, vector: Array.from(v) }));
    const t0 = performance.now();
    const tx = db.transaction('vectors', 'readwrite');
    for (const record of records) void tx.store.put(record);
    await tx.done;
    insertMs += performance.now() - t0;
  }
  const t0 = performance.now();
  await db.getAll('vectors');
  const coldLoad = performance.now() - t0;
  const cosine = (a: number[], b: number[]) => {
    const dot = a.reduce((s, x, i) => s + x * b[i]!, 0);
    const na = Math.sqrt(a.reduce((s, x) => s + x * x, 0));
    const nb = Math.sqrt(b.reduce((s, x) => s + x * x, 0));
    return dot / (na * nb);
  };
  const times: number[] = [];
  const found: string[][] = [];
  for (const q of qs) {
    const query = Array.from(q);
    const t1 = performance.now();
    const all = (await db.getAll('vectors')) as BaselineRecord[];
    const top = all
      .map((record) => ({ record, score: cosine(query, record.vector) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, K);
    times.push(performance.now() - t1);
    found.push(top.map((hit) => hit.record.id));
  }
  db.close();
  await deleteDatabase(name);
  return { insertPerS: total / (insertMs / 1000), coldLoad, queryP50: median(times), found };
}

async function run({ quick }: MemoryBenchRequest): Promise<MemoryBenchResult> {
  const large = quick ? 5_000 : 100_000;
  const small = quick ? 1_000 : 10_000;
  const qLarge = queries(quick ? 20 : 50, 7);
  const qSmall = queries(quick ? 20 : 100, 8);
  // The baseline takes seconds per query at 100k: a few queries give its median.
  const baselineQueries = quick ? 5 : 3;

  const ours = await measureEngine('bench-large', 1, large, qLarge, 3);
  const oursSmall = await measureEngine('bench-small', 2, small, qSmall, 1);
  const truth = exactTopK(1, large, qLarge);
  const base = await measureBaseline('pageloop-bench-baseline-large', 1, large, qLarge.slice(0, baselineQueries));
  const baseSmall = await measureBaseline('pageloop-bench-baseline-small', 2, small, qSmall.slice(0, quick ? 5 : 10));

  return {
    'memory.size_large': large,
    'memory.size_small': small,
    'memory.simd': ours.simd ? 1 : 0,
    'memory.query_100k_p50': ours.queryP50,
    'memory.baseline_query_100k_p50': base.queryP50,
    'memory.query_10k_p50': oursSmall.queryP50,
    'memory.baseline_query_10k_p50': baseSmall.queryP50,
    'memory.cold_load_100k': ours.coldLoad,
    'memory.baseline_cold_load_100k': base.coldLoad,
    'memory.insert_per_s': ours.insertPerS,
    'memory.baseline_insert_per_s': base.insertPerS,
    'memory.recall_at_10': recall(ours.found, truth),
    'memory.baseline_recall_at_10': recall(base.found, truth.slice(0, base.found.length)),
    'memory.resident_ratio': ours.resident,
    // Plain number arrays hold 8-byte doubles: 2× the f32 bytes before per-array overhead (computed, not sampled:
    // a worker has no heap-size API without cross-origin isolation).
    'memory.baseline_resident_ratio': (DIMS * 8 + 16) / (DIMS * 4),
  };
}

self.addEventListener('message', (event: MessageEvent<MemoryBenchRequest>) => {
  run(event.data).then(
    (result) => self.postMessage({ ok: true, result } satisfies MemoryBenchReply),
    (err: unknown) => self.postMessage({ ok: false, error: err instanceof Error ? `${err.message}\n${err.stack}` : String(err) } satisfies MemoryBenchReply),
  );
});
