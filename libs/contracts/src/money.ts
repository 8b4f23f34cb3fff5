import { groupThousands } from './count.js';
import { LIMITS } from './limits.js';

/**
 * Money on the wire is a decimal string ("1234.50"); arithmetic is done in integer cents so
 * totals never pick up floating-point error. No function here divides or multiplies a fraction:
 * text is read digit by digit, and cents are only ever added, multiplied by whole numbers, or
 * split into whole dollars and cents with integer remainder.
 */
export type Cents = number;

const DECIMAL = /^\s*([-+])?(\d*)(?:\.(\d*))?\s*$/;

/**
 * A price as the client may hold it (number, "12.5", "Get a Quote", null) in integer cents.
 *
 * ONE rule for every input, with no floating-point step:
 * - a number is first turned into its shortest decimal text with String(n) (the text that reads
 *   back as the same number), so 1.005 and '1.005' are the same input and both give 101;
 * - the text is read digit by digit: optional sign, whole digits, optional '.' and decimals
 *   (surrounding whitespace allowed; no exponents, no thousands separators);
 * - the cents are the whole digits and the first two decimals; the THIRD decimal rounds half up
 *   on the digits (5-9 up, 0-4 down; further decimals are ignored, which is exactly half-up
 *   rounding of the written value), and for a negative value "up" means away from zero;
 * - a missing, non-numeric or non-finite value counts as 0 (SPEC §3), and so does a value whose
 *   cents lie beyond the numeric(10,2) range (±LIMITS.priceMaxCents), which is no price at all.
 */
export function toCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 0;
    const text = String(value);
    // String() uses exponent form only below 1e-6 (which rounds to 0 cents) and from 1e21 (far
    // beyond any price): both count as 0 without any arithmetic on the number
    return /e/i.test(text) ? 0 : toCents(text);
  }
  if (typeof value !== 'string') return 0; // defensive: a caller outside TypeScript
  const match = DECIMAL.exec(value);
  if (!match) return 0;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return 0;
  const digits = `${whole}${(fraction + '00').slice(0, 2)}`.replace(/^0+/, '');
  // more digits than the largest price has: beyond range (this also keeps Number(digits) exact)
  if (digits.length > String(LIMITS.priceMaxCents).length) return 0;
  const roundUp = (fraction[2] ?? '0') >= '5' ? 1 : 0;
  const cents = Number(digits || '0') + roundUp;
  if (cents > LIMITS.priceMaxCents) return 0;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

function wholeCents(cents: Cents): Cents {
  if (!Number.isFinite(cents)) return 0;
  return Number.isInteger(cents) ? cents : Math.round(cents);
}

/** Splits whole cents into sign, whole-dollar digits and the two cent digits, in integers only. */
function splitCents(cents: Cents): { negative: boolean; dollars: string; cents: string } {
  const whole = wholeCents(cents);
  const abs = Math.abs(whole);
  const rest = abs % 100;
  return { negative: whole < 0, dollars: String((abs - rest) / 100), cents: String(rest).padStart(2, '0') };
}

/** Cents to the wire form with exactly two decimals: 123450 -> "1234.50", -5 -> "-0.05". */
export function centsToDecimal(cents: Cents): string {
  const parts = splitCents(cents);
  return `${parts.negative ? '-' : ''}${parts.dollars}.${parts.cents}`;
}

/** Normalises any price input to the two-decimal wire string ('Get a Quote', null -> "0.00"). */
export function normalisePrice(value: string | number | null | undefined): string {
  return centsToDecimal(toCents(value));
}

/**
 * US dollars with thousands separators and exactly two decimals (SPEC §9), built from the digits
 * (the same text as Intl's en-US currency format, without dividing cents by 100):
 * 123450 -> "$1,234.50", -5 -> "-$0.05".
 */
export function formatUsd(cents: Cents): string {
  const parts = splitCents(cents);
  return `${parts.negative ? '-' : ''}$${groupThousands(parts.dollars)}.${parts.cents}`;
}

/** A line total: whole cents times a whole quantity (integers only, so exact). */
export function multiplyCents(cents: Cents, quantity: number): Cents {
  if (!Number.isInteger(cents) || !Number.isInteger(quantity)) throw new RangeError('multiplyCents takes whole cents and a whole quantity');
  const total = cents * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError('multiplyCents: the line total is beyond exact integers');
  return total;
}

/**
 * A whole-number percentage of an amount in cents, rounded half away from zero to a whole cent,
 * in integer arithmetic. The amount is split as 100·d + r (r < 100), so
 * amount × percent / 100 = d × percent + r × percent / 100: the first part is a whole number and
 * only the small r × percent is rounded ((r × percent + 50) with integer division by 100). Every
 * intermediate is at most the result or below 100 × percent + 50, so it is exact whenever the
 * result is a safe integer (unlike amount × percent, which loses cents above 2^53 / percent).
 */
export function percentOf(cents: Cents, percent: number): Cents {
  if (!Number.isInteger(cents) || !Number.isInteger(percent)) throw new RangeError('percentOf takes whole cents and a whole percentage');
  const abs = Math.abs(cents);
  const r = abs % 100;
  const d = (abs - r) / 100;
  const absPercent = Math.abs(percent);
  const small = r * absPercent + 50;
  const rounded = d * absPercent + (small - (small % 100)) / 100;
  return (cents < 0) !== (percent < 0) && rounded !== 0 ? -rounded : rounded;
}
