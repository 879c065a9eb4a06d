/**
 * What a tool's first call loads — a chunk of the tool's own code, the JSON
 * Schema validator — registered by the code that makes the tool, so a page
 * with time to spare can load it before the model calls the tool
 * (`<agent-chat>` does, in idle time once its renderer is warm:
 * components/tool-cards/tool-warmup.ts). Fetching and evaluating a chunk in the task that
 * shows the first tool card is first-use work on the worst frame.
 *
 * Invariant: a loader only imports; it runs none of the tool's work, so
 * calling it early changes nothing but when the code arrives.
 */
import type { Tool } from '../types.js';

/** A tool's loaders, by tool (the tool objects are frozen: they cannot carry them). */
const registered = new WeakMap<Tool, ReadonlySet<() => Promise<unknown>>>();

/**
 * Records what `tool`'s first call will load. Pass the same function for
 * tools sharing a chunk, so it is loaded once.
 *
 * @example
 * const loadReading = () => import('./read-impl.js');
 * loadedOnFirstCall(pageOutline, loadReading);
 */
export function loadedOnFirstCall<T extends Tool>(tool: T, ...loaders: Array<() => Promise<unknown>>): T {
  registered.set(tool, new Set([...(registered.get(tool) ?? []), ...loaders]));
  return tool;
}

/** The distinct loaders of `tools`' first calls, in the tools' order. */
export function firstCallLoaders(tools: readonly Tool[]): Array<() => Promise<unknown>> {
  return [...new Set(tools.flatMap((tool) => [...(registered.get(tool) ?? [])]))];
}
