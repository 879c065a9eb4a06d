/**
 * Main-thread long tasks (> 50 ms, the `longtask` PerformanceObserver entry)
 * while some work runs, its last frames painted and their entries in.
 */

/** Long tasks while `work` runs: how many, and the longest (ms). */
export async function observeLongTasks(work: () => Promise<unknown>): Promise<{ count: number; longest: number }> {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  try {
    await work();
    // Let the last frames paint, and the observer get their entries.
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await new Promise((r) => setTimeout(r, 100));
    entries.push(...observer.takeRecords());
  } finally {
    observer.disconnect();
  }
  return { count: entries.length, longest: Math.max(0, ...entries.map((e) => e.duration)) };
}
