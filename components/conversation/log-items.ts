/**
 * The log's item list as the conversation reducer changes it: appended to,
 * one item replaced, an item found by id. Live, each change makes a new array
 * (the element compares states by identity). While a batch is replayed
 * (`replaying`: a stored or imported thread's events), the reducer works on
 * one working copy instead: arrays made in the batch are changed in place, and
 * an id → index map finds items without a scan, so replaying N events costs
 * O(N), not O(N²) (a 60,000-event thread froze the page copying its list per event).
 *
 * Invariant: an array the batch did not make (the state it started from, or
 * one a reducer rule built by `map`/`filter`) is never changed in place; it is
 * copied once first. Outside a batch nothing is ever changed in place.
 */
import type { LogItem } from './conversation-types.js';

interface Batch {
  /** Arrays made in this batch: safe to change in place. */
  owned: WeakSet<LogItem[]>;
  /** Where each item is, by id, in an owned array (built on first lookup, kept up to date on append). */
  at: WeakMap<readonly LogItem[], Map<string, number>>;
}
let batch: Batch | undefined;

/** Runs `replay` with the working copy on; what it returns is published once, by the caller. */
export function replaying<T>(replay: () => T): T {
  if (batch) return replay();
  batch = { owned: new WeakSet(), at: new WeakMap() };
  try {
    return replay();
  } finally {
    batch = undefined;
  }
}

/** `items` to change: itself inside a batch when the batch made it, else a copy. */
function writable(items: readonly LogItem[]): LogItem[] {
  if (batch?.owned.has(items as LogItem[])) return items as LogItem[];
  const copy = items.slice();
  batch?.owned.add(copy);
  return copy;
}

/** `items` with `item` added at the end. */
export function appended(items: readonly LogItem[], item: LogItem): LogItem[] {
  const out = writable(items);
  const index = batch?.at.get(items);
  out.push(item);
  if (index && out === items) index.set(item.id, out.length - 1);
  return out;
}

/** `items` with the item at `index` replaced by `item` (same id). */
export function replaced(items: readonly LogItem[], index: number, item: LogItem): LogItem[] {
  const out = writable(items);
  out[index] = item;
  return out;
}

/** `items` with their last item replaced by `item`. */
export function lastReplaced(items: readonly LogItem[], item: LogItem): LogItem[] {
  return replaced(items, items.length - 1, item);
}

/** Where the item `id` is in `items`, -1 when none is. */
export function indexOfId(items: readonly LogItem[], id: string): number {
  if (!batch?.owned.has(items as LogItem[])) return items.findIndex((i) => i.id === id);
  let index = batch.at.get(items);
  if (!index) {
    index = new Map();
    for (let i = 0; i < items.length; i++) index.set(items[i]!.id, i);
    batch.at.set(items, index);
  }
  const at = index.get(id);
  return at !== undefined && items[at]?.id === id ? at : -1;
}
