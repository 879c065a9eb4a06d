/**
 * Which shipped catalog a language tag gets, and which way it is written.
 * Up front and without `Intl` (a page's first `Intl` object loads ICU's
 * data: format-count.ts), so an English page pays nothing for it.
 */

/** The languages the element ships, by catalog tag (English is built in; the others are chunks: catalogs.ts). */
export const SHIPPED = ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl', 'tr', 'ru', 'uk', 'ja', 'ko', 'zh-CN', 'zh-TW', 'ar', 'he', 'hi'] as const;

/** A shipped catalog's tag. */
export type ShippedLocale = (typeof SHIPPED)[number];

/** Languages written right to left (their primary subtags), shipped or not: an app's `labels` may speak one we do not. */
const RTL = /^(ar|arc|ckb|dv|fa|he|iw|ks|ku|ps|sd|syr|ug|ur|yi)$/;

/**
 * The shipped catalog for a BCP 47 tag: its language, or the nearest one we
 * ship (`pt-PT` → `pt-BR`, `zh-Hant-HK` → `zh-TW`, `zh` → `zh-CN`, `iw` → `he`);
 * English for a language we do not ship.
 */
export function matchLocale(tag: string): ShippedLocale {
  const parts = tag.toLowerCase().replace(/_/g, '-').split('-');
  const language = parts[0] === 'iw' ? 'he' : parts[0];
  if (language === 'zh') return parts.some((p) => p === 'tw' || p === 'hk' || p === 'mo' || p === 'hant') ? 'zh-TW' : 'zh-CN';
  if (language === 'pt') return 'pt-BR';
  return SHIPPED.find((shipped) => shipped === language) ?? 'en';
}

/** The direction a language tag is written in. */
export function directionOf(tag: string): 'ltr' | 'rtl' {
  return RTL.test(tag.toLowerCase().split(/[-_]/)[0] ?? '') ? 'rtl' : 'ltr';
}
