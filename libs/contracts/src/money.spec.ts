import { centsToDecimal, formatUsd, normalisePrice, percentOf, toCents } from './money.js';

describe('money', () => {
  it('parses wire strings and numbers into integer cents', () => {
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents('0.1')).toBe(10);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents('7')).toBe(700);
    expect(toCents('2.675')).toBe(268);
  });

  it('reads numbers through their decimal text, one rule for both', () => {
    expect(toCents(1.005)).toBe(toCents('1.005'));
    expect(toCents(2.675)).toBe(268);
    expect(toCents(0.1 + 0.2)).toBe(30); // 0.30000000000000004
    expect(toCents(1e-7)).toBe(0);
    expect(toCents(-1.005)).toBe(-101);
    expect(toCents('.5')).toBe(50);
    expect(toCents('-0.004')).toBe(0);
    expect(toCents('12345678901234567')).toBe(0); // beyond any price
  });

  it('rounds a percentage half away from zero in whole cents', () => {
    expect(percentOf(1250, 8)).toBe(100); // 100.00
    expect(percentOf(1256, 8)).toBe(100); // 100.48
    expect(percentOf(1257, 8)).toBe(101); // 100.56
    expect(percentOf(625, 8)).toBe(50); // 50.0
    expect(percentOf(-1257, 8)).toBe(-101);
  });

  it('counts non-numeric prices as 0', () => {
    expect(toCents('Get a Quote')).toBe(0);
    expect(toCents('')).toBe(0);
    expect(toCents(null)).toBe(0);
    expect(toCents(undefined)).toBe(0);
    expect(toCents(Number.NaN)).toBe(0);
  });

  it('sums without floating point error', () => {
    const total = toCents('0.1') + toCents('0.2');
    expect(centsToDecimal(total)).toBe('0.30');
  });

  it('formats exactly two decimals, with thousands separators for display', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(normalisePrice(12)).toBe('12.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
  });

  it('formats negatives, zero and huge amounts from the digits', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-0)).toBe('$0.00');
    expect(formatUsd(-5)).toBe('-$0.05');
    expect(formatUsd(-123456)).toBe('-$1,234.56');
    expect(formatUsd(99999)).toBe('$999.99');
    expect(formatUsd(100000)).toBe('$1,000.00');
    expect(formatUsd(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
    expect(centsToDecimal(-5)).toBe('-0.05');
    expect(centsToDecimal(Number.NaN)).toBe('0.00');
  });

  it('reads numbers in exponent form as 0 (below a tenth of a cent, or far beyond any price)', () => {
    expect(toCents(5e-7)).toBe(0);
    expect(toCents(-5e-7)).toBe(0);
    expect(toCents(1e21)).toBe(0);
    expect(toCents('1e3')).toBe(0); // text is plain decimal digits only
    expect(toCents('1,234.50')).toBe(0);
  });

  it('computes tax as a rounded percentage', () => {
    expect(percentOf(1999, 8)).toBe(160);
    expect(percentOf(10000, 8)).toBe(800);
  });
});
