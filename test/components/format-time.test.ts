// The thread list's times (components/threads/format-time.ts), written without ICU:
// each must read as Intl's 'en' formats would (ICU's own output is the oracle here).
import { expect } from 'chai';
import { dateText, dateTimeText, relativeTime } from '../../components/threads/format-time.js';

describe('format-time', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);

  it('says "just now", then minutes, hours, days, then the date', () => {
    expect(relativeTime(now - 10_000, now)).to.equal('just now');
    expect(relativeTime(now - 5 * 60_000, now)).to.equal('5 minutes ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).to.equal('3 hours ago');
    expect(relativeTime(now - 86_400_000, now)).to.equal('yesterday');
    expect(relativeTime(now - 30 * 86_400_000, now)).to.equal('Oct 26, 2026');
  });

  it('writes every relative step as Intl.RelativeTimeFormat("en", { numeric: "auto" }) does, past and future', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const steps: Array<[number, Intl.RelativeTimeFormatUnit, number]> = [
      ...[1, 2, 5, 59].map((n): [number, Intl.RelativeTimeFormatUnit, number] => [n, 'minute', 60_000]),
      ...[1, 2, 23].map((n): [number, Intl.RelativeTimeFormatUnit, number] => [n, 'hour', 3_600_000]),
      ...[1, 2, 6].map((n): [number, Intl.RelativeTimeFormatUnit, number] => [n, 'day', 86_400_000]),
    ];
    for (const [n, unit, ms] of steps) {
      for (const sign of [-1, 1]) expect(relativeTime(now + sign * n * ms, now), `${sign * n} ${unit}`).to.equal(intl.format(sign * n, unit));
    }
  });

  it('writes dates and moments as toLocaleString("en") does, in the page\'s time zone', () => {
    // Every month, both halves of the day, midnight and noon, single- and double-digit days and minutes.
    const moments = Array.from({ length: 12 }, (_, m) => [new Date(2026, m, 1, 0, 5).getTime(), new Date(2026, m, 28, 12, 30).getTime(), new Date(2025, m, 9, 23, 59).getTime()]).flat();
    for (const at of moments) {
      expect(dateText(at)).to.equal(new Date(at).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' }));
      // ICU writes a narrow no-break space before AM/PM (newer versions); the tooltip uses a plain one.
      expect(dateTimeText(at)).to.equal(new Date(at).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' }).replace(/\u202f/g, ' '));
    }
  });
});
