/**
 * What a message of the element is, in every language: its text, or a
 * function of its parameters that writes it (so a translation orders the
 * words its own way and picks its own plural forms). Each room keeps its
 * English words in a table of its own (`…-words.ts`, beside the code that
 * shows them: a chunk loaded on first use carries its own); a locale's
 * catalog (locales/*.ts) holds every room's messages by the same ids, which
 * are unique across the element and are also the keys of `labels`.
 *
 * @example
 * export const composerWords = { send: 'Send', stepOf: (n: number, max: number) => `Step ${n} of ${max}` };
 * const w = i18n.words(composerWords); // in German: { send: 'Senden', stepOf: (n, max) => `Schritt ${n} von ${max}` }
 */

/** One message: its text, or a function of its parameters that writes it. */
export type Word = string | ((...args: never[]) => string);

/** A table of messages by id. */
export type Words = { readonly [id: string]: Word };

/** Messages by id, each written as the app wants it (`<agent-chat>`'s `labels`): a text, or a function with the message's parameters. */
export type LabelsOf<T extends Words> = { [K in keyof T]?: T[K] };

/**
 * A message of `T` with its arguments, said later: data that a reducer keeps
 * in its state (a notice, a note), written in the element's language when
 * it is drawn, so a change of language rewrites it too.
 */
export type Phrase<T extends Words> = {
  [K in keyof T & string]: T[K] extends (...args: infer A) => string ? readonly [K, ...A] : readonly [K];
}[keyof T & string];

/** Writes `phrase` with `words` (a table as `I18n.words` made it). */
export function speak<T extends Words>(words: T, phrase: Phrase<T>): string {
  const [id, ...args] = phrase as readonly [string, ...never[]];
  const word = words[id];
  return typeof word === 'function' ? word(...args) : (word ?? id);
}

/**
 * Dates and numbers as a locale writes them (`Intl`), loaded with a
 * locale's catalog. English has none: its formats are written without ICU,
 * each where it is used (components/format/, threads/format-time.ts), since
 * a page's first `Intl` format costs 10–30 ms of CPU (format-count.ts).
 */
export interface LocaleFormats {
  /** A count, grouped: "1.234" (de). */
  count(n: number): string;
  /** A number with at most `digits` decimals: "1,2" (de). */
  decimal(n: number, digits: number): string;
  /** A byte count, in units of 1024 as file pickers show them: "2,4 KB" (de), "2,4 ko" (fr). */
  bytes(n: number): string;
  /** A day: "26. Okt. 2026" (de). */
  date(ms: number): string;
  /** A day and time: "26.10.2026, 15:07" (de). */
  dateTime(ms: number): string;
  /** "gerade eben", "vor 5 Minuten", "gestern", then the date. */
  relative(then: number, now: number): string;
  /** A share as a percentage: "30 %" (de). */
  percent(fraction: number): string;
}

/**
 * The element's language, as its rooms use it: handed to a chunk loaded on
 * first use (which takes the i18n room as a type only), or asked of the
 * element's `Localizer` by code up front.
 */
export interface I18n {
  /** The language shown: a tag of a shipped catalog (`en`, `de`, `pt-BR`…). */
  readonly locale: string;
  /** The writing direction of the element's language. */
  readonly dir: 'ltr' | 'rtl';
  /** Dates and numbers in the shown language; undefined for English (each use has its own English format). */
  readonly format: LocaleFormats | undefined;
  /** `english`'s messages in the shown language, each overridden by the element's `labels` where it has one. */
  words<T extends Words>(english: T): T;
  /**
   * The message `id` as the app's `labels` or the shown catalog has it;
   * undefined when neither does (English: the caller's own text, as for an
   * error, whose English is its message).
   */
  message(id: string): Word | undefined;
  /** The shown catalog's loader of the doctor's lines (`Catalog.doctor`); undefined for English. */
  readonly doctorLines?: (() => Promise<DoctorCatalog>) | undefined;
}

/** The doctor's findings and fixes in one locale (src/diagnosis-lines.ts's ids): a chunk of their own. */
export interface DoctorCatalog {
  readonly doctor: { readonly [id: string]: Word };
}

/**
 * One locale's catalog (a chunk of its own, loaded on first use: catalogs.ts):
 * its messages by id, its formats, and the loader of its doctor's lines —
 * the biggest room of messages, shown only by `/doctor`, so loaded with the
 * doctor's checklist (components/doctor/), not with the catalog.
 */
export interface Catalog {
  readonly messages: { readonly [id: string]: Word };
  readonly format: LocaleFormats;
  readonly doctor: () => Promise<DoctorCatalog>;
}
