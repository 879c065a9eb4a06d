/**
 * The shipped catalogs, each a chunk of its own loaded the first time its
 * locale is shown (an English page loads none). A catalog holds every
 * message of the element by id (the ids of the rooms' `…-words.ts` tables;
 * test/components/i18n/catalogs.test.ts checks that every id is in every
 * catalog, with the same parameters) and the locale's `Intl` formats.
 */
import type { Catalog } from './words.js';

export type { Catalog };

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

/** The catalog of `tag` (a shipped locale other than English). */
export async function loadCatalog(tag: string): Promise<Catalog> {
  const load = LOADERS[tag];
  if (!load) throw new Error(`No catalog for "${tag}"`);
  return (await load()).catalog;
}
