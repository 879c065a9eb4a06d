/**
 * A byte count as people read it, the same on both sides of the worker: a
 * file chip under the composer ("14 KB") and an attachment refusal ("one
 * file may be at most 20 MB") say the same thing the same way. Powers of
 * 1024, as file pickers and operating systems show sizes.
 */

/** Bytes as a person reads them: `812 B`, `14 KB`, `3.2 MB`, `1.5 GB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${units[unit]}`;
}
