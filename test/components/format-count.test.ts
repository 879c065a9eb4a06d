import { expect } from 'chai';
import { formatCount } from '../../components/format/format-count.js';

describe('formatCount', () => {
  it('writes counts as toLocaleString("en") does, without ICU', () => {
    const counts = [0, 7, 12, 999, 1000, 1234, 12_345, 123_456, 1_000_000, 9_876_543_210, -1, -1234, -1_000_000, Number.MAX_SAFE_INTEGER];
    for (const n of counts) expect(formatCount(n), String(n)).to.equal(n.toLocaleString('en'));
  });

  it('groups the whole part only', () => {
    expect(formatCount(1234.5)).to.equal('1,234.5');
    expect(formatCount(0.12345)).to.equal('0.12345');
  });
});
