/**
 * A count as English writes it ("1,234"), without ICU.
 *
 * Why: a page's first `Number#toLocaleString` loads ICU's number-format data,
 * measured at 34 ms on a cold Chromium page (6–18 ms when another `Intl`
 * object was made first). The status line formats the token counts of the
 * first reply, so that cost landed in one of the first reply's tasks (it was
 * paid at load only while the thread list's module made an
 * `Intl.RelativeTimeFormat` as it loaded).
 */
export function formatCount(n: number): string {
  const [whole = '', fraction] = String(n).split('.');
  return `${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
}
