/**
 * Calendar days in UTC, written 'YYYY-MM-DD': the one place the API and the frontends count days
 * (analytics ranges, a service request's preferred date, the CSV exports' dates).
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * Years a day may have: four digits, from 1 (ISO's year 0000 is 1 BC: JavaScript's Date takes
 * 0000-12-31, PostgreSQL refuses it, so a year-0 day would fail only once a query ran).
 */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;
/** The first day isCalendarDay accepts: a range computed back from a given day stops here. */
export const FIRST_DAY = '0001-01-01';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A day of the (proleptic Gregorian) calendar as YYYY-MM-DD: 2024-02-29 is, 2025-02-29, 2026-02-30 and 0000-12-31 are not. */
export function isCalendarDay(text: string | null | undefined): text is string {
  const match = ISO_DAY.exec(text ?? '');
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return year >= FIRST_YEAR && year <= LAST_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** The UTC day of an instant (today by default). */
export function utcDay(at: Date = new Date()): string {
  return at.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: earlier). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** How many days from `from` to `to`, both counted (1 when they are the same day; 0 or less when `to` is earlier). */
export function daysSpanned(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
