/**
 * A message written with values that are not its own words (a file's name,
 * a server's message, a URL): the message in the element's language, each
 * such value drawn in its place as it is — by the caller, `translate="no"`
 * and in its own direction. A number is handed to the message as a number
 * (a count picks the message's plural form).
 *
 * Invariant: a value is never passed through a catalog's words, and no
 * catalog writes the marks (Unicode's private use area).
 */
import type { Word } from './words.js';

const OPEN = '\uE000';
const CLOSE = '\uE001';
/** A value's mark in a written message; `split` hands back its index. */
const VALUE = new RegExp(`${OPEN}(\\d+)${CLOSE}`);

/** `word` written with `params`: its texts in order, each value other than a number as `value(param)` in its place. */
export function sayWithValues<T, P>(word: Word, params: readonly P[], value: (param: P) => T): Array<string | T> {
  if (typeof word === 'string') return [word];
  const text = String((word as (...args: unknown[]) => string)(...params.map((p, i) => (typeof p === 'number' ? p : `${OPEN}${i}${CLOSE}`))));
  return text.split(VALUE).map((piece, n) => (n % 2 === 0 ? piece : value(params[Number(piece)]!)));
}
