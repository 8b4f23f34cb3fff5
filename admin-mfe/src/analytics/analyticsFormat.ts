import { formatUsd, toCents } from '@dentalmarket/contracts';
import { longDay } from './analyticsRange.js';

const whole = new Intl.NumberFormat('en-US');
const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** 1,234 */
export const count = (n: number) => whole.format(n);

/** '1 order', '12 orders' */
export const counted = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** Dollars as the API sends them ('1234.5') in exact cents: '$1,234.50'. */
export const usd = (dollars: string) => formatUsd(toCents(dollars));

/** A chart's dollars (a number there) in full, to the cent: '$1,234.50'. */
export const usdOfNumber = (dollars: number) => formatUsd(Math.round(dollars * 100));

/** A revenue axis tick: '$950', '$1.2K', '$3M'. */
export const usdCompact = (dollars: number) => compactUsd.format(dollars);

/**
 * A day series in words, for the chart's accessible description: its total and its busiest day
 * ('12 orders in 30 days; the most on Nov 5, 2026: 4').
 */
export function describeDays(days: readonly string[], values: readonly number[], total: string, format: (value: number) => string): string {
  let best = -1;
  values.forEach((value, index) => {
    if (best < 0 || value > values[best]) best = index;
  });
  const span = `${counted(days.length, 'day')}`;
  if (best < 0 || values[best] <= 0) return `${total} in ${span}.`;
  return `${total} in ${span}; the most on ${longDay(days[best])}: ${format(values[best])}.`;
}
