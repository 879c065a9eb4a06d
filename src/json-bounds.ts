/**
 * Bounds on data that crosses the worker boundary or enters the history.
 * Structured cloning and JSON.stringify recurse: a value nested a few
 * thousand levels deep throws "Maximum call stack size exceeded" inside
 * `postMessage`, where nobody catches it, and the run never ends. So every
 * value the model or a tool hands over (tool arguments, page and worker tool
 * results, approval edits) is measured first, without recursion, and a value
 * over the bounds becomes a tool error that says why — never a wedge.
 *
 * The walk is iterative and stops as soon as a bound is passed, so measuring
 * costs at most about `maxBytes` steps, also for cycles and shared subtrees.
 */

/** The bounds: nesting depth, and an estimate of the size as JSON text. */
export interface JsonLimits {
  maxDepth: number;
  maxBytes: number;
}

/**
 * The default bounds: far deeper than any real tool data, far shallower
 * than what overflows the stack (a few thousand levels); larger than the
 * fetch tool's largest allowed body (10 MB).
 */
export const JSON_LIMITS: JsonLimits = { maxDepth: 200, maxBytes: 16_000_000 };

/** Values read through getters that one measured value may hold (a data property costs nothing here). */
export const MAX_GETTERS = 10_000;

/**
 * Why `value` may not cross or be stored (a sentence), or `undefined` when it
 * is within `limits`.
 *
 * @example
 * outOfBounds({ a: [1, 2] }); // → undefined
 * outOfBounds(nested(5000));  // → 'it is nested more than 200 levels deep'
 */
export function outOfBounds(value: unknown, limits: JsonLimits = JSON_LIMITS): string | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  let bytes = 0;
  let getters = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') bytes += v.length + 2;
    else if (v === null || typeof v !== 'object') bytes += 8;
    else {
      if (depth >= limits.maxDepth) return `it is nested more than ${limits.maxDepth} levels deep`;
      bytes += 2;
      if (ArrayBuffer.isView(v)) bytes += v.byteLength;
      else if (v instanceof ArrayBuffer) bytes += v.byteLength;
      else if (v instanceof Map) for (const [k, x] of v) stack.push([k, depth + 1], [x, depth + 1]);
      else if (v instanceof Set) for (const x of v) stack.push([x, depth + 1]);
      else if (Array.isArray(v)) {
        // Each element costs at least a byte and a comma: a huge array is too large before it is walked.
        if (v.length * 2 > limits.maxBytes - bytes) return tooLarge(limits);
        for (const x of v) stack.push([x, depth + 1]);
      }
      else {
        for (const key of Object.keys(v)) {
          bytes += key.length + 4;
          // A getter may make a fresh object on every read, for ever: a walk of
          // such values would run until the size bound, seconds of the page's time.
          const own = Object.getOwnPropertyDescriptor(v, key);
          if (own && own.get && ++getters > MAX_GETTERS) return `it computes more than ${MAX_GETTERS.toLocaleString('en')} values in getters; return plain data`;
          stack.push([own && !own.get ? own.value : (v as Record<string, unknown>)[key], depth + 1]);
        }
      }
    }
    if (bytes > limits.maxBytes) return tooLarge(limits);
  }
  return undefined;
}

function tooLarge(limits: JsonLimits): string {
  return `it is larger than ${limits.maxBytes >= 1_000_000 ? `${Math.round(limits.maxBytes / 1_000_000)} MB` : `${limits.maxBytes} bytes`}`;
}
