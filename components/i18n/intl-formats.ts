/**
 * Dates and numbers as a locale writes them, with `Intl`: loaded with a
 * locale's catalog (catalogs.ts), never for English, whose formats are
 * written without ICU where they are used (words.ts says why). The same
 * rules as the English ones: byte counts in units of 1024 with one decimal
 * below 10 KB and from 1 MB up (src/format-bytes.ts), relative times up to
 * a week, then the date (threads/format-time.ts). Each `Intl` object is made
 * on first use, so loading a catalog costs no ICU data until a format is shown.
 */
import type { LocaleFormats } from './words.js';

/** `make()`, made once on first call. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** The formats of `tag` (a shipped catalog's tag). */
export function intlFormats(tag: string): LocaleFormats {
  const count = once(() => new Intl.NumberFormat(tag));
  const decimals = new Map<number, Intl.NumberFormat>();
  const decimal = (n: number, digits: number): string => {
    let format = decimals.get(digits);
    if (!format) decimals.set(digits, (format = new Intl.NumberFormat(tag, { maximumFractionDigits: digits })));
    return format.format(n);
  };
  const units = new Map<string, Intl.NumberFormat>();
  const unit = (n: number, name: string, digits: number): string => {
    const key = `${name}${digits}`;
    let format = units.get(key);
    if (!format) units.set(key, (format = new Intl.NumberFormat(tag, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits })));
    return format.format(n);
  };
  const day = once(() => new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric' }));
  const moment = once(() => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' }));
  const relative = once(() => new Intl.RelativeTimeFormat(tag, { numeric: 'auto' }));
  const percent = once(() => new Intl.NumberFormat(tag, { style: 'percent' }));
  return {
    count: (n) => count().format(n),
    decimal,
    bytes(n) {
      if (n < 1024) return unit(n, 'byte', 0);
      const kb = n / 1024;
      if (kb < 1024) return unit(kb, 'kilobyte', kb < 10 ? 1 : 0);
      const mb = kb / 1024;
      return mb < 1024 ? unit(mb, 'megabyte', 1) : unit(mb / 1024, 'gigabyte', 1);
    },
    date: (ms) => day().format(ms),
    dateTime: (ms) => moment().format(ms),
    relative(then, now) {
      const seconds = Math.round((then - now) / 1000);
      const abs = Math.abs(seconds);
      if (abs < 45) return relative().format(0, 'second');
      if (abs < 3600) return relative().format(Math.round(seconds / 60), 'minute');
      if (abs < 86_400) return relative().format(Math.round(seconds / 3600), 'hour');
      if (abs < 7 * 86_400) return relative().format(Math.round(seconds / 86_400), 'day');
      return day().format(then);
    },
    percent: (fraction) => percent().format(fraction),
  };
}

/**
 * The plural form of `n` in `tag`, for a catalog's messages: `forms` names
 * the forms the language has (`one`, `few`, `many`, `other`…), `other` always.
 *
 * @example
 * const plural = pluralOf('pl');
 * plural(5, { one: '1 plik', few: `${5} pliki`, many: `${5} plików`, other: `${5} pliku` }); // '5 plików'
 */
export function pluralOf(tag: string): (n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }) => string {
  const rules = once(() => new Intl.PluralRules(tag));
  return (n, forms) => forms[rules().select(n)] ?? forms.other;
}
