/**
 * The thread list's times as English writes them, without ICU: "just now",
 * "5 minutes ago", "yesterday", then the date ("Oct 26, 2026"); and a row's
 * full moment for its tooltip ("Oct 26, 2026, 3:07 PM").
 *
 * Why: a page's first `Intl` date or relative-time format loads ICU's data
 * for it — 10–20 ms of CPU on a cold page, measured inside the first thread
 * load's longest task (issue 27; format-count.ts is the same story for
 * numbers). The list's rows used `toLocaleString()` for every tooltip, so
 * opening the list paid it in the frame the user was waiting for. The output
 * equals `Intl`'s for 'en' (test/components/format-time.test.ts compares).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Oct 26, 2026", in the page's time zone: `toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' })`. */
export function dateText(at: number): string {
  const d = new Date(at);
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`;
}

/** "Oct 26, 2026, 3:07 PM", in the page's time zone: `toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })`. */
export function dateTimeText(at: number): string {
  const d = new Date(at);
  const hour = d.getHours() % 12 || 12;
  return `${dateText(at)}, ${hour}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** `Intl.RelativeTimeFormat('en', { numeric: 'auto' })`'s words for a whole number of `unit`s from now. */
function relative(value: number, unit: 'minute' | 'hour' | 'day'): string {
  if (unit === 'day' && value === -1) return 'yesterday';
  if (unit === 'day' && value === 1) return 'tomorrow';
  const units = `${Math.abs(value)} ${unit}${Math.abs(value) === 1 ? '' : 's'}`;
  return value < 0 ? `${units} ago` : `in ${units}`;
}

/** "just now", "5 minutes ago", "yesterday", then the date. */
export function relativeTime(then: number, now: number): string {
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 3600) return relative(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relative(Math.round(seconds / 86_400), 'day');
  return dateText(then);
}
