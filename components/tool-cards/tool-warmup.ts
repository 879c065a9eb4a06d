/**
 * Loads what the page's tools load on their first call — the DOM tools'
 * reading and acting chunks, the JSON Schema validator
 * (src/tools/first-call-loads.ts) — in idle time before the model calls them,
 * so the first tool card's frames do not fetch and evaluate a chunk.
 *
 * Why after the renderer: the first reply needs the renderer more; a tool
 * call comes after some reply, or at least after the user typed. Why idle
 * time only (`requestIdleCallback`, one chunk per idle period): this is a
 * guess about what the page will need, and must never take a frame from what
 * it needs now; on a busy page it may never run, and the first call then
 * loads the chunk itself as before. Skipped when the page says Save-Data:
 * the user asked for fewer bytes, and the tools may never be called.
 */
import type { Tool } from '../../src/types.js';
import { firstCallLoaders } from '../../src/tools/first-call-loads.js';

/** Loaders already started on this page (each one's chunk loads once). */
const started = new WeakSet<() => Promise<unknown>>();

/** Resolves in an idle period (`requestIdleCallback`; where the browser has none, after a second). */
function idle(): Promise<void> {
  if (typeof requestIdleCallback === 'function') return new Promise((resolve) => requestIdleCallback(() => resolve()));
  return new Promise((resolve) => setTimeout(resolve, 1000));
}

/** True when the page asked for less data (`navigator.connection.saveData`, Chromium). */
function savesData(): boolean {
  return (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Once `after` settles (the renderer is warm), loads each of `tools`' first-call
 * chunks in an idle period of its own. A chunk that fails to load is left to
 * the first call, which reports it as that call's error.
 *
 * @example
 * warmUpTools(renderers.load(), () => element.tools);
 */
export async function warmUpTools(after: Promise<unknown>, tools: () => readonly Tool[]): Promise<void> {
  await after.catch(() => {});
  if (savesData()) return;
  for (const load of firstCallLoaders(tools())) {
    if (started.has(load)) continue;
    started.add(load);
    await idle();
    await load().catch(() => {});
  }
}
