// One way to say a size (src/format-bytes.ts): the element's file chips and the
// agent's refusals read the same.
import { expect } from 'chai';
import { formatBytes } from '../src/format-bytes.js';

describe('formatBytes', () => {
  it('says bytes, KB, MB and GB in units of 1024, one decimal below 10 KB and from 1 MB up', () => {
    const cases: [number, string][] = [
      [0, '0 B'],
      [312, '312 B'],
      [1023, '1023 B'],
      [1024, '1 KB'],
      [2458, '2.4 KB'],
      [10 * 1024, '10 KB'],
      [839_680, '820 KB'],
      [1024 * 1024 - 1, '1024 KB'],
      [1024 * 1024, '1 MB'],
      [1.5 * 1024 * 1024, '1.5 MB'],
      [20 * 1024 * 1024, '20 MB'],
      [21_495_808, '20.5 MB'],
      [1.2 * 1024 ** 3, '1.2 GB'],
    ];
    for (const [bytes, text] of cases) expect(formatBytes(bytes), String(bytes)).to.equal(text);
  });
});
