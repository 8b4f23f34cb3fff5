/**
 * Money on the wire is a decimal string ("1234.50"); arithmetic is done in integer cents so
 * totals never pick up floating-point error.
 */
export type Cents = number;

const DECIMAL = /^\s*(-)?(\d+)(?:\.(\d+))?\s*$/;

/** Parses a price as the client may hold it (number, "12.5", "Get a Quote", null). Non-numeric counts as 0. */
export function toCents(value: string | number | null | undefined): Cents {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') {
    return Number.isFinite(value) ? Math.round(value * 100) : 0;
  }
  const match = DECIMAL.exec(value);
  if (!match) return 0;
  const [, sign, whole, fraction = ''] = match;
  const frac = (fraction + '00').slice(0, 3);
  // round half up on the third decimal
  let cents = Number(whole) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  if (!Number.isSafeInteger(cents)) return 0;
  if (sign) cents = -cents;
  return cents;
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

export function multiplyCents(cents: Cents, quantity: number): Cents {
  return cents * quantity;
}

/** Percentage of an amount in cents, rounded half up to a whole cent. */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}
