/**
 * Which way a language is written, up front and without `Intl` (the
 * localizer sets the element's `dir` from it before any catalog loads).
 */

/** The direction a language tag is written in (shipped or not: an app's `labels` may speak a language we do not ship). */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  return /^(ar|arc|ckb|dv|fa|he|iw|ks|ku|ps|sd|syr|ug|ur|yi)\b/i.test(tag) ? 'rtl' : 'ltr';
}
