import { addDays, ANALYTICS_RANGE_MAX_DAYS, daysSpanned, isCalendarDay, utcDay } from '@dentalmarket/contracts';

/** A range of UTC days, both ends inclusive, as 'YYYY-MM-DD'. */
export interface DayRange {
  from: string;
  to: string;
}

/** The quick choices, in days ending today (UTC); 30 is the tab's default. */
export const RANGE_PRESETS = [7, 30, 90] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export const DEFAULT_PRESET: RangePreset = 30;

/** The UTC day of an instant; a real calendar day; a day moved; a range's length (libs/contracts). */
export { addDays, utcDay } from '@dentalmarket/contracts';
export const isDay = (value: string | null | undefined): value is string => isCalendarDay(value);

/** How many days a range covers, both ends counted (1 for from = to). */
export const rangeDays = ({ from, to }: DayRange): number => daysSpanned(from, to);

/** The last `days` days ending today (UTC). */
export function presetRange(days: number, today: string = utcDay()): DayRange {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** The quick choice a range is, if it is one (it ends today and has its length). */
export function presetOf(range: DayRange, today: string = utcDay()): RangePreset | null {
  if (range.to !== today) return null;
  return RANGE_PRESETS.find((days) => rangeDays(range) === days) ?? null;
}

/** What is wrong with a range as typed, in words for under the date fields; null when it can be asked. */
export function rangeProblem(from: string, to: string): string | null {
  if (!isDay(from)) return 'Enter the first day (From).';
  if (!isDay(to)) return 'Enter the last day (To).';
  if (from > to) return 'From must be on or before To.';
  if (rangeDays({ from, to }) > ANALYTICS_RANGE_MAX_DAYS) return `A range can cover at most ${ANALYTICS_RANGE_MAX_DAYS} days.`;
  return null;
}

/**
 * The range the address asks for (`?tab=analytics&from=…&to=…`): both ends valid and a range the API
 * answers, else the default (the last 30 days), so a link with a broken range still opens the tab.
 */
export function rangeFromParams(params: URLSearchParams, today: string = utcDay()): DayRange {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && rangeProblem(from, to) === null) return { from, to };
  return presetRange(DEFAULT_PRESET, today);
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayYearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Nov 5' (an axis tick). */
export const shortDay = (day: string) => dayFormat.format(toDate(day));

/** 'Nov 5, 2026' (a tooltip, a table row). */
export const longDay = (day: string) => dayYearFormat.format(toDate(day));

/** 'Oct 27 – Nov 25, 2026' or, across years, 'Dec 20, 2025 – Jan 3, 2026'. */
export function rangeLabel({ from, to }: DayRange): string {
  if (from === to) return longDay(from);
  return from.slice(0, 4) === to.slice(0, 4) ? `${shortDay(from)} – ${longDay(to)}` : `${longDay(from)} – ${longDay(to)}`;
}
