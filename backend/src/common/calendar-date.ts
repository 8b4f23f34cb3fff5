import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';
import { isCalendarDay } from '@dentalmarket/contracts';

/** The shape alone (four, two and two digits), for the message: a real date, or a date at all. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

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
        validate: (value: unknown) => typeof value === 'string' && isCalendarDay(value),
        defaultMessage: ({ property, value }: ValidationArguments) =>
          typeof value === 'string' && ISO_DAY.test(value) ? `${property} must be a real date such as ${example}` : `${property} must be a date such as ${example}`,
      },
    },
    options,
  );
}
