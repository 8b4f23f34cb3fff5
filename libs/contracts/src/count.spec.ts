import fc from 'fast-check';
import { formatCount, groupThousands } from './count.js';

describe('formatCount', () => {
  it('writes counts with en-US thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100084)).toBe('100,084');
    expect(formatCount(-1234567)).toBe('-1,234,567');
    expect(groupThousands('1234')).toBe('1,234');
  });

  it('is the same text as toLocaleString("en-US") for every safe integer, and leaves anything else to it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (count) => {
        expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
      }),
      { seed: 20261128, numRuns: 3000 },
    );
    for (const odd of [1.5, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatCount(odd)).toBe(odd.toLocaleString('en-US'));
  });
});
