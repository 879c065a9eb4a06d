/**
 * The memory benchmark: our engine against the way popular browser vector
 * stores work (one IndexedDB record per vector, `getAll` and an array
 * `reduce` computing cosine per query), both measured in the same run, in a
 * worker, on the same data. Runs in a browser page; `npm run bench` calls it.
 */

/** Figures of one run: each `memory.<figure>` beside its `memory.baseline_<figure>`. */
export type MemoryBenchResult = Record<string, number>;

/** What the page sends the bench worker. */
export interface MemoryBenchRequest {
  quick: boolean;
}

/** What the bench worker answers. */
export type MemoryBenchReply = { ok: true; result: MemoryBenchResult } | { ok: false; error: string };

/**
 * Runs the memory benchmark in a worker and resolves with its figures:
 * `memory.query_100k_p50`, `memory.query_10k_p50`, `memory.cold_load_100k`
 * (ms), `memory.insert_per_s`, `memory.recall_at_10`, `memory.resident_ratio`,
 * each with `memory.baseline_…`. Quick mode uses 5k/1k vectors (the sizes
 * are reported as `memory.size_large` / `memory.size_small`) and takes seconds.
 *
 * @example const figures = await runMemoryBench({ quick: true });
 */
export function runMemoryBench(opts: { quick: boolean }): Promise<MemoryBenchResult> {
  const worker = new Worker(new URL('./memory-bench-worker.ts', import.meta.url), { type: 'module', name: 'memory-bench' });
  return new Promise<MemoryBenchResult>((resolve, reject) => {
    worker.addEventListener('message', (event: MessageEvent<MemoryBenchReply>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.result);
      else reject(new Error(`memory bench failed: ${event.data.error}`));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(`memory bench worker died: ${event.message}`));
    });
    worker.postMessage({ quick: opts.quick } satisfies MemoryBenchRequest);
  });
}
