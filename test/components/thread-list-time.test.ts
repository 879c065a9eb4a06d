// The thread list's times (relativeTime in components/thread-list.ts), whose
// formatter is made on first use rather than as the module loads.
import { expect } from 'chai';
import { relativeTime } from '../../components/thread-list.js';

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  it('says "just now", then minutes, hours, days, then the date', () => {
    expect(relativeTime(now - 10_000, now)).to.equal('just now');
    expect(relativeTime(now - 5 * 60_000, now)).to.equal('5 minutes ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).to.equal('3 hours ago');
    expect(relativeTime(now - 86_400_000, now)).to.equal('yesterday');
    expect(relativeTime(now - 30 * 86_400_000, now)).to.equal('Oct 26, 2026');
  });
});
