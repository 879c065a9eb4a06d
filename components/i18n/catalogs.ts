/**
 * The shipped catalogs, each a chunk of its own loaded the first time its
 * locale is shown (an English page loads none), and which one a language tag
 * gets. A catalog holds every message of the element by id (the ids of the
 * rooms' `…-words.ts` tables; test/components/i18n/catalogs.test.ts checks
 * that every id is in every catalog, with the same parameters) and the
 * locale's `Intl` formats. This module is a chunk too, loaded by the
 * localizer for a language other than English (so an English page pays
 * nothing for the table below); matching a tag needs no `Intl` (a page's
 * first `Intl` object loads ICU's data: format-count.ts).
 */
import type { Catalog } from './words.js';

/** Written out, one `import()` per locale, so the bundler makes each a chunk (a template string would not say which). */
const LOADERS: { readonly [tag: string]: () => Promise<{ catalog: Catalog }> } = {
  de: () => import('./locales/de.js'),
  fr: () => import('./locales/fr.js'),
  es: () => import('./locales/es.js'),
  'pt-BR': () => import('./locales/pt-BR.js'),
  it: () => import('./locales/it.js'),
  nl: () => import('./locales/nl.js'),
  pl: () => import('./locales/pl.js'),
  tr: () => import('./locales/tr.js'),
  ru: () => import('./locales/ru.js'),
  uk: () => import('./locales/uk.js'),
  ja: () => import('./locales/ja.js'),
  ko: () => import('./locales/ko.js'),
  'zh-CN': () => import('./locales/zh-CN.js'),
  'zh-TW': () => import('./locales/zh-TW.js'),
  ar: () => import('./locales/ar.js'),
  he: () => import('./locales/he.js'),
  hi: () => import('./locales/hi.js'),
};

/** The languages the element ships, by catalog tag (English is built in; the others are chunks). */
export const SHIPPED: readonly string[] = ['en', ...Object.keys(LOADERS)];

/** The catalog of `tag` (a shipped locale other than English). */
export async function loadCatalog(tag: string): Promise<Catalog> {
  return (await LOADERS[tag]!()).catalog;
}

/**
 * The catalog shown for `asked` (a language tag other than English's): its
 * tag and its catalog, or `en` and none for a language we do not ship. The
 * localizer's whole non-English path, here in the chunk rather than up front.
 */
export async function catalogOf(asked: string): Promise<readonly [tag: string, catalog: Catalog | undefined]> {
  const tag = matchLocale(asked);
  return [tag, tag === 'en' ? undefined : await loadCatalog(tag)];
}

/**
 * The shipped catalog for a BCP 47 tag: its language, or the nearest one we
 * ship (`pt-PT` → `pt-BR`, `zh-Hant-HK` → `zh-TW`, `zh` → `zh-CN`, `iw` → `he`);
 * English for a language we do not ship.
 */
export function matchLocale(tag: string): string {
  const [language = '', ...rest] = tag.toLowerCase().replace(/_/g, '-').split('-');
  if (language === 'zh') return rest.some((p) => /^(tw|hk|mo|hant)$/.test(p)) ? 'zh-TW' : 'zh-CN';
  if (language === 'pt') return 'pt-BR';
  if (language === 'iw') return 'he';
  return Object.hasOwn(LOADERS, language) ? language : 'en';
}

