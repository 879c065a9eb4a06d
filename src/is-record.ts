/** The one test for "a plain JSON-like object" (not null, not an array), used wherever untyped data is read. */

/** True when `value` is an object that is neither null nor an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
