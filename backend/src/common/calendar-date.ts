import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/**
 * Years a day may have: four digits, from 1 (ISO's year 0000 is 1 BC: JavaScript's Date takes
 * 0000-12-31, PostgreSQL refuses it, so a year-0 day would fail only once the query ran).
 */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;
/** The first day isCalendarDate accepts: a range computed back from a given day stops here. */
export const FIRST_DAY = '0001-01-01';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A day of the (proleptic Gregorian) calendar as YYYY-MM-DD: 2024-02-29 is, 2025-02-29, 2026-02-30 and 0000-12-31 are not. */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return year >= FIRST_YEAR && year <= LAST_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * A query field that must be a calendar day, checked by the validation pipe before the handler
 * runs, so no query (and no streamed answer) ever starts with a day the database would refuse.
 * The message tells the shape apart from the day: "from must be a date such as 2026-01-31" for
 * `yesterday`, "from must be a real date such as 2026-01-31" for 2026-02-30.
 */
export function IsCalendarDate(example: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCalendarDate',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isCalendarDate(value),
        defaultMessage: ({ property, value }: ValidationArguments) =>
          typeof value === 'string' && ISO_DAY.test(value) ? `${property} must be a real date such as ${example}` : `${property} must be a date such as ${example}`,
      },
    },
    options,
  );
}
