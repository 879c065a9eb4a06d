/**
 * Steps of background work, each in a task of its own. Work cut into such
 * steps (the renderer's loading and warm-up) never makes a long task, and
 * frames, input and the agent's events go first between the steps.
 */

/** `scheduler.postTask`, where the browser has it (Chromium, Firefox). */
interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * Resolves in a new task, at background priority where the browser has task
 * priorities (`scheduler.postTask`), else after a zero timeout.
 *
 * Not `requestIdleCallback`: on a busy page idle periods are rare, and a
 * warm-up of thirty steps waiting out its timeout each time left the first
 * reply as plain text for seconds.
 *
 * @example
 * for (const part of parts) { await backgroundStep(); work(part); }
 */
export function backgroundStep(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (typeof scheduler?.postTask === 'function') return scheduler.postTask(() => {}, { priority: 'background' });
  return new Promise((resolve) => setTimeout(resolve, 0));
}
