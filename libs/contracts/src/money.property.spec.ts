import fc from 'fast-check';
import { CHECKOUT } from './limits.js';
import { centsToDecimal, multiplyCents, percentOf, toCents } from './money.js';

// Exact decimal arithmetic with BigInt, independent of the code under test: a decimal string
// "123.456" is 123456 thousandths; cents round half away from zero on the third decimal.
function exactCents(text: string): bigint {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const thousandths = BigInt(whole || '0') * 1000n + BigInt((fraction + '000').slice(0, 3));
  const cents = (thousandths + 5n) / 10n;
  return text.startsWith('-') ? -cents : cents;
}

function exactPercent(cents: bigint, percent: bigint): bigint {
  const n = cents * percent;
  const abs = n < 0n ? -n : n;
  const rounded = (abs + 50n) / 100n;
  return n < 0n ? -rounded : rounded;
}

const FIXED_SEED = 20261123;
const priceText = fc
  .tuple(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, decimals, fraction]) => (decimals === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').slice(0, decimals)}`));
const quantity = fc.integer({ min: 1, max: 9999 });

describe('money against exact decimal arithmetic (property)', () => {
  it('turns decimal strings with 0-2 decimals into exact cents, and back', () => {
    fc.assert(
      fc.property(priceText, (text) => {
        expect(BigInt(toCents(text))).toBe(exactCents(text));
        expect(toCents(centsToDecimal(toCents(text)))).toBe(toCents(text));
      }),
      { seed: FIXED_SEED, numRuns: 2000 },
    );
  });

  it('gives a number the same cents as its decimal text (1.005 and "1.005" alike)', () => {
    const threeDecimals = fc.tuple(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 0, max: 999 })).map(([w, f]) => `${w}.${String(f).padStart(3, '0')}`);
    fc.assert(
      fc.property(threeDecimals, (text) => {
        expect(toCents(Number(text))).toBe(toCents(text));
        expect(BigInt(toCents(text))).toBe(exactCents(text));
      }),
      { seed: FIXED_SEED, numRuns: 2000 },
    );
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1.005')).toBe(101);
  });

  it('computes cart subtotal, 8% tax and total exactly for random carts', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(priceText, quantity), { minLength: 1, maxLength: 20 }), (lines) => {
        const subtotal = lines.reduce((sum, [price, qty]) => sum + multiplyCents(toCents(price), qty), 0);
        const exactSubtotal = lines.reduce((sum, [price, qty]) => sum + exactCents(price) * BigInt(qty), 0n);
        expect(BigInt(subtotal)).toBe(exactSubtotal);
        const tax = percentOf(subtotal, CHECKOUT.taxPercent);
        expect(BigInt(tax)).toBe(exactPercent(exactSubtotal, BigInt(CHECKOUT.taxPercent)));
        const total = subtotal + CHECKOUT.shippingCents + tax;
        expect(BigInt(total)).toBe(exactSubtotal + BigInt(CHECKOUT.shippingCents) + exactPercent(exactSubtotal, 8n));
      }),
      { seed: FIXED_SEED, numRuns: 1000 },
    );
  });
});
