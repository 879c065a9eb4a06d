/**
 * Word tokens shared by the offline embedder and BM25, so that "what counts as
 * a word" is decided in one place.
 */

/** Common English function words: they carry little meaning and would dominate hashed features. */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this to was we were what when where ' +
    'which who whom why will with would you your'
  ).split(' '),
);

/** Splits on anything that is not a letter or digit; accents are folded away. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lower-cased words of `text` without stop words, in order.
 * @example words('The Cats are running') // ['cats', 'running']
 */
export function words(text: string): string[] {
  const folded = text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  const out: string[] = [];
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    if (!STOP_WORDS.has(word)) out.push(word);
  }
  return out;
}

/**
 * A light suffix stripper (not Porter): enough that "running", "runs" and
 * "run" meet, cheap enough to run on every word of every item.
 */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  for (const suffix of ['ational', 'ization', 'fulness', 'iveness', 'ings', 'ing', 'edly', 'ied', 'ies', 'ed', 'ly', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      let base = word.slice(0, -suffix.length);
      if (suffix === 'ied' || suffix === 'ies') base += 'y';
      // "running" -> "runn" -> "run": undo the doubled consonant of the gerund.
      const last = base.length - 1;
      if ((suffix === 'ing' || suffix === 'ed') && base[last] === base[last - 1] && !/[aeiouls]/.test(base[last] ?? '')) {
        base = base.slice(0, -1);
      }
      return base;
    }
  }
  return word;
}
