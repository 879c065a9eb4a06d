/**
 * A step of background work in its own task, run when the main thread is idle.
 * Work split this way (the renderer's loading and warm-up) never makes a long
 * task, and yields to frames and input that need the thread first.
 */

/** Longest wait for an idle period before a step runs anyway: a page that is never idle still gets its work done. */
const IDLE_TIMEOUT_MS = 200;

/**
 * Resolves in a new task once the main thread is idle (`requestIdleCallback`;
 * where a browser lacks it, Safari, after a zero timeout).
 *
 * @example
 * for (const part of parts) { await idleStep(); work(part); }
 */
export function idleStep(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}
