/**
 * Steps of background work, each in a task of its own. Work cut into such
 * steps (the renderer's loading and warm-up) never makes a long task, and
 * frames, input and the agent's events go first between the steps.
 */

/** How soon a step should run (`scheduler.postTask`'s priorities). */
export type StepPriority = 'background' | 'user-visible';

/** `scheduler.postTask`, where the browser has it (Chromium, Firefox). */
interface PostTaskScheduler {
  postTask(callback: () => void, options: { priority: StepPriority }): Promise<void>;
}

/**
 * Resolves in a new task, at `priority` (background unless said) where the
 * browser has task priorities (`scheduler.postTask`), else after a zero
 * timeout. `user-visible` is for steps someone now waits for (a reply that
 * cannot be drawn before the renderer is in): still one task per step, but
 * not queued behind the page's other background work.
 *
 * Not `requestIdleCallback`: on a busy page idle periods are rare, and a
 * warm-up of thirty steps waiting out its timeout each time left the first
 * reply as plain text for seconds.
 *
 * @example
 * for (const part of parts) { await backgroundStep(); work(part); }
 */
export function backgroundStep(priority: StepPriority = 'background'): Promise<void> {
  const scheduler = (globalThis as { scheduler?: PostTaskScheduler }).scheduler;
  if (typeof scheduler?.postTask === 'function') return scheduler.postTask(() => {}, { priority });
  return new Promise((resolve) => setTimeout(resolve, 0));
}
