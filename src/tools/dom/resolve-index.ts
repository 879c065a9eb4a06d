/**
 * An index the model passed, resolved to its element (element-index.ts
 * hands the indexes out): part of the DOM tools' code, loaded on their first
 * call with read-impl.ts and act-impl.ts, never up front.
 */
import type { DomIndex } from './element-index.js';

/** Something the scope can check; kept structural so this file needs no DOM-scope import. */
interface OffLimitsCheck {
  isOffLimits(element: Element): boolean;
}

/** An index resolved to its element, or the reason it cannot be used, worded for the model. */
export type ResolvedIndex = { ok: true; element: Element } | { ok: false; reason: 'unknown' | 'gone' | 'private'; message: string };

/** Finds the element behind an index the model passed, checking it is still there and readable. */
export function resolveIndex(index: DomIndex, scope: OffLimitsCheck, n: number): ResolvedIndex {
  const element = index.lookup(n);
  if (!element && index.issued(n)) {
    return { ok: false, reason: 'gone', message: `Element [${n}] is no longer on the page; call page_outline again.` };
  }
  if (!element) {
    return { ok: false, reason: 'unknown', message: `No element has index ${n}; call page_outline for current indexes.` };
  }
  if (!element.isConnected) {
    return { ok: false, reason: 'gone', message: `Element [${n}] is no longer on the page; call page_outline again.` };
  }
  if (scope.isOffLimits(element)) {
    return { ok: false, reason: 'private', message: `Element [${n}] is in a private part of the page and cannot be used.` };
  }
  return { ok: true, element };
}
