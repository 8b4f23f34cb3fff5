/**
 * Money on the wire is a decimal string ("1234.50"); arithmetic is done in integer cents so
 * totals never pick up floating-point error.
 */
export type Cents = number;

const DECIMAL = /^\s*([-+])?(\d*)(?:\.(\d*))?\s*$/;

/**
 * A price as the client may hold it (number, "12.5", "Get a Quote", null) in integer cents, with
 * ONE rule and no floating-point step: the value is read as a decimal string (a number first
 * becomes its shortest decimal form, so 1.005 and "1.005" give the same cents) and rounded half
 * away from zero on the third decimal digit. Non-numeric, non-finite or out-of-range values count
 * as 0 (SPEC §3).
 */
export function toCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 0;
    // String() gives the shortest decimal that reads back as the same number; tiny or huge
    // values come out in exponent form, which toFixed turns into plain digits
    const text = String(value);
    return toCents(/e/i.test(text) ? value.toFixed(3) : text);
  }
  const match = DECIMAL.exec(value);
  if (!match) return 0;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return 0;
  const digits = `${whole || '0'}${(fraction + '000').slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  if (digits.length > 15) return 0; // beyond any price (numeric(10,2)) and beyond exact integers
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const cents = Number(digits) + roundUp;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/** Cents to the wire form with exactly two decimals: 123450 -> "1234.50". */
export function centsToDecimal(cents: Cents): string {
  const negative = cents < 0;
  const abs = Math.abs(Math.round(cents));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** Normalises any price input to the two-decimal wire string. */
export function normalisePrice(value: string | number | null | undefined): string {
  return centsToDecimal(toCents(value));
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars with thousands separators and exactly two decimals: 123450 -> "$1,234.50". */
export function formatUsd(cents: Cents): string {
  return usd.format(cents / 100);
}

/** A line total: whole cents times a whole quantity (integers only, so exact). */
export function multiplyCents(cents: Cents, quantity: number): Cents {
  if (!Number.isInteger(cents) || !Number.isInteger(quantity)) throw new RangeError('multiplyCents takes whole cents and a whole quantity');
  return cents * quantity;
}

/**
 * A whole-number percentage of an amount in cents, rounded half away from zero to a whole cent,
 * in integer arithmetic: cents × percent is an exact integer, and (n + 50) / 100 floored is its
 * half-up rounding (the quotient of two exact integers is correctly rounded, so the floor is exact).
 */
export function percentOf(cents: Cents, percent: number): Cents {
  if (!Number.isInteger(cents) || !Number.isInteger(percent)) throw new RangeError('percentOf takes whole cents and a whole percentage');
  const n = Math.abs(cents * percent);
  const rounded = Math.floor((n + 50) / 100);
  return cents * percent < 0 ? -rounded : rounded;
}
