/**
 * The browser's CPU clock, for per-token costs that a shared, busy machine
 * does not distort as it does wall-clock time: the bench runner (run.js)
 * exposes `__benchCpuMs`, the user + system CPU milliseconds of the whole
 * browser process tree read from /proc. Under the test runner, or anywhere
 * without it, the answer is NaN and the figures that need it are absent.
 */
export async function browserCpuMs(): Promise<number> {
  const read = (globalThis as { __benchCpuMs?: () => Promise<number> }).__benchCpuMs;
  return read ? read() : NaN;
}
