import fc from 'fast-check';
import { CART_MAX_QUANTITY } from './cart.js';
import { CHECKOUT, LIMITS } from './limits.js';
import { centsToDecimal, formatUsd, multiplyCents, normalisePrice, percentOf, toCents } from './money.js';

// Exact decimal arithmetic with BigInt, independent of the code under test: a decimal string
// "123.4567" is cut to 123456 thousandths (digits after the third cannot move a value across a
// half cent), then rounded half away from zero to whole cents.
function exactCents(text: string): bigint {
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const thousandths = BigInt(whole || '0') * 1000n + BigInt((fraction + '000').slice(0, 3));
  const cents = (thousandths + 5n) / 10n;
  return negative ? -cents : cents;
}

/** A number's cents by the documented rule: its shortest decimal text, exponent form counting as 0. */
function exactCentsOfNumber(n: number): bigint {
  const text = String(n);
  return /e/.test(text) ? 0n : exactCents(text);
}

/** percent % of cents, rounded half away from zero to a whole cent. */
function exactPercent(cents: bigint, percent: bigint): bigint {
  const n = cents * percent;
  const abs = n < 0n ? -n : n;
  const rounded = (abs + 50n) / 100n;
  return n < 0n ? -rounded : rounded;
}

function exactDecimal(cents: bigint): string {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

const FIXED_SEED = 20261123;
const MAX_WHOLE = 99_999_999; // numeric(10,2): up to 99,999,999.99

/** Decimal text with 0, 1 or 2 decimals, from 0 up to 99,999,999.99. */
const priceText = fc
  .tuple(fc.integer({ min: 0, max: MAX_WHOLE }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 99 }))
  .map(([whole, decimals, fraction]) => (decimals === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').slice(0, decimals)}`));

/** A price as the client may hold it: the text itself, or the number it reads as. */
const price = fc.oneof(
  priceText.map((text) => ({ input: text as string | number, exact: exactCents(text) })),
  priceText.map((text) => ({ input: Number(text) as string | number, exact: exactCents(text) })),
);
const quantity = fc.integer({ min: 1, max: CART_MAX_QUANTITY });

describe('money against exact decimal arithmetic (property)', () => {
  it('turns decimal strings with 0-2 decimals, and the numbers they read as, into exact cents and back', () => {
    fc.assert(
      fc.property(price, ({ input, exact }) => {
        expect(BigInt(toCents(input))).toBe(exact);
        expect(normalisePrice(input)).toBe(exactDecimal(exact));
        expect(toCents(centsToDecimal(toCents(input)))).toBe(toCents(input));
      }),
      { seed: FIXED_SEED, numRuns: 3000 },
    );
  });

  it('gives a number the same cents as its decimal text (1.005 and "1.005" alike), rounding the third decimal half up', () => {
    const threeDecimals = fc
      .tuple(fc.integer({ min: 0, max: MAX_WHOLE }), fc.integer({ min: 0, max: 999 }))
      .map(([w, f]) => `${w}.${String(f).padStart(3, '0')}`);
    fc.assert(
      fc.property(threeDecimals, (text) => {
        const exact = exactCents(text);
        if (exact > BigInt(LIMITS.priceMaxCents)) return; // 99,999,999.995 and up round out of range
        expect(toCents(Number(text))).toBe(toCents(text));
        expect(BigInt(toCents(text))).toBe(exact);
        expect(BigInt(toCents(`-${text}`))).toBe(-exact);
      }),
      { seed: FIXED_SEED, numRuns: 3000 },
    );
    expect(toCents(1.005)).toBe(101);
    expect(toCents('1.005')).toBe(101);
    expect(toCents(1.004)).toBe(100);
    expect(toCents('1.0049999')).toBe(100);
  });

  it('reads any double in the price range through String(n), long binary expansions included', () => {
    fc.assert(
      fc.property(fc.double({ min: -99_999_999.99, max: 99_999_999.99, noNaN: true }), (n) => {
        expect(BigInt(toCents(n))).toBe(exactCentsOfNumber(n));
      }),
      { seed: FIXED_SEED, numRuns: 3000 },
    );
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it('counts values beyond numeric(10,2) as 0', () => {
    expect(toCents('99999999.99')).toBe(LIMITS.priceMaxCents);
    expect(toCents('99999999.994')).toBe(LIMITS.priceMaxCents);
    expect(toCents('99999999.995')).toBe(0);
    expect(toCents('100000000')).toBe(0);
    expect(toCents(1e21)).toBe(0);
    expect(toCents('-100000000')).toBe(0);
  });

  it('computes cart subtotal, 8% tax and total exactly for random carts of text and number prices', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(price, quantity), { minLength: 1, maxLength: 30 }), (lines) => {
        const subtotal = lines.reduce((sum, [p, qty]) => sum + multiplyCents(toCents(p.input), qty), 0);
        const exactSubtotal = lines.reduce((sum, [p, qty]) => sum + p.exact * BigInt(qty), 0n);
        expect(BigInt(subtotal)).toBe(exactSubtotal);
        const tax = percentOf(subtotal, CHECKOUT.taxPercent);
        const exactTax = exactPercent(exactSubtotal, BigInt(CHECKOUT.taxPercent));
        expect(BigInt(tax)).toBe(exactTax);
        const total = subtotal + CHECKOUT.shippingCents + tax;
        expect(BigInt(total)).toBe(exactSubtotal + BigInt(CHECKOUT.shippingCents) + exactTax);
        expect(centsToDecimal(total)).toBe(exactDecimal(exactSubtotal + BigInt(CHECKOUT.shippingCents) + exactTax));
      }),
      { seed: FIXED_SEED, numRuns: 1000 },
    );
  });

  it('takes a percentage exactly for every safe amount (no cents lost above 2^53 / percent)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: -100, max: 100 }), (cents, percent) => {
        expect(BigInt(percentOf(cents, percent))).toBe(exactPercent(BigInt(cents), BigInt(percent)));
      }),
      { seed: FIXED_SEED, numRuns: 3000 },
    );
    expect(percentOf(Number.MAX_SAFE_INTEGER, CHECKOUT.taxPercent)).toBe(Number(exactPercent(BigInt(Number.MAX_SAFE_INTEGER), 8n)));
  });

  it('formats cents as en-US dollars exactly like Intl does on the exact decimal text', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const exact = exactDecimal(BigInt(cents));
        expect(centsToDecimal(cents)).toBe(exact);
        // Intl reads a string argument as an exact decimal (ECMA-402 NumberFormat v3)
        expect(formatUsd(cents)).toBe(usd.format(exact as unknown as number));
      }),
      { seed: FIXED_SEED, numRuns: 3000 },
    );
  });
});
