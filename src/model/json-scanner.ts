/**
 * Finds where a JSON object or array written inside free text ends, by
 * matching brackets while skipping strings (and escapes inside them). A greedy
 * regex would swallow everything up to the last `}` of the reply, or stop at a
 * `}` inside a string argument.
 */
import { noteRepair } from './call-formats/repair-notes.js';

/**
 * The index just past the object or array that starts at `start`, or -1 when
 * `text[start]` does not open one or it is never closed.
 *
 * @example
 * scanJsonEnd('x {"a":"}"} y', 2); // → 11
 */
export function scanJsonEnd(text: string, start: number): number {
  const open = text[start];
  if (open !== '{' && open !== '[') return -1;
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') stack.push('}');
    else if (c === '[') stack.push(']');
    else if (c === '}' || c === ']') {
      // A mismatched closer means this is not JSON; stop rather than guess.
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/** The result of parsing JSON that a model wrote. */
export type JsonParse = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * `JSON.parse` that reports failure as data, since bad JSON from a model is
 * expected. A raw newline or tab inside a string (models writing code into an
 * argument do this) is read as its escape, as Python's `json.loads(strict=False)`
 * reads it in the reference parsers.
 */
export function tryParseJson(text: string): JsonParse {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const lenient = /[\u0000-\u001f]/.test(text) ? escapeControlsInStrings(text) : undefined;
    if (lenient !== undefined && lenient !== text) {
      try {
        const value: unknown = JSON.parse(lenient);
        noteRepair('raw control characters in a JSON string escaped');
        return { ok: true, value };
      } catch {
        // Report the first error: it names what the model wrote.
      }
    }
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/** `text` with control characters inside JSON strings written as escapes. */
function escapeControlsInStrings(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString && c === '\\') {
      out += c + (text[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '"') inString = !inString;
    const code = c.charCodeAt(0);
    out += inString && code < 0x20 ? `\\u${code.toString(16).padStart(4, '0')}` : c;
  }
  return out;
}
