import * as Yup from 'yup';
import { addDays, formatCount, isCalendarDay, SERVICE_REQUEST_LIMITS, type ServiceRequestCreate, type User, utcDay } from '@dentalmarket/contracts';

const { nameMax, phoneMax, messageMax, preferredDateMaxDays } = SERVICE_REQUEST_LIMITS;

/** The preferred date's range: today (UTC, as the API checks it) to a year ahead. Read at each check, so a dialog left open past midnight stays right. */
export function preferredDateRange(now = new Date()): { min: string; max: string } {
  return { min: utcDay(now), max: addDays(utcDay(now), preferredDateMaxDays) };
}


/** The API's rule: digits, spaces and ( ) - . with an optional leading +, at least 5 characters. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{5,}$/;

/** The 'Request Service' dialog's rules and messages, the same rules the API applies (a 400 names the field). */
export const serviceRequestSchema = Yup.object({
  practice_name: Yup.string().trim().required('Practice name is required').max(nameMax, `Practice name must be at most ${nameMax} characters`),
  contact_name: Yup.string().trim().required('Contact name is required').max(nameMax, `Contact name must be at most ${nameMax} characters`),
  email: Yup.string().trim().required('Valid email is required').email('Valid email is required').max(254, 'Email must be at most 254 characters'),
  phone: Yup.string()
    .trim()
    .required('Phone is required')
    .max(phoneMax, `Phone must be at most ${phoneMax} characters`)
    .matches(PHONE_PATTERN, 'Enter a phone number such as +1 503 555 0100'),
  preferred_date: Yup.string()
    .trim()
    .default('')
    .test('calendar-day', 'Enter a date such as 2026-06-30', (value) => !value || isCalendarDay(value))
    .test('not-past', 'Preferred date must be today or later', (value) => !value || !isCalendarDay(value) || value >= preferredDateRange().min)
    .test('within-year', `Preferred date must be within ${preferredDateMaxDays} days`, (value) => !value || !isCalendarDay(value) || value <= preferredDateRange().max),
  message: Yup.string().trim().default('').max(messageMax, `Message must be at most ${formatCount(messageMax)} characters`),
});

export type ServiceRequestValues = Yup.InferType<typeof serviceRequestSchema>;

/** The fields of the form, in the order they are shown (and in which a server's messages are placed). */
export const SERVICE_REQUEST_FIELDS = ['practice_name', 'contact_name', 'email', 'phone', 'preferred_date', 'message'] as const satisfies readonly (keyof ServiceRequestValues)[];
export type ServiceRequestField = (typeof SERVICE_REQUEST_FIELDS)[number];

/** Empty, or prefilled from a signed-in shopper's account: their name as the contact and their email. */
export function getInitialValues(user: User | null): ServiceRequestValues {
  return { practice_name: '', contact_name: user?.full_name ?? '', email: user?.email ?? '', phone: '', preferred_date: '', message: '' };
}

/** What POST /api/service-requests takes: trimmed values; the optional date and message only when given. */
export function serviceRequestBody(productId: number, values: ServiceRequestValues): ServiceRequestCreate {
  const clean = serviceRequestSchema.cast(values);
  return {
    product_id: productId,
    practice_name: clean.practice_name,
    contact_name: clean.contact_name,
    email: clean.email,
    phone: clean.phone,
    ...(clean.preferred_date ? { preferred_date: clean.preferred_date } : {}),
    ...(clean.message ? { message: clean.message } : {}),
  };
}

export type ServiceRequestErrors = Partial<Record<ServiceRequestField, string>>;

/** A server's message for a field, kept while the field still holds the value it refused. */
export type ServerFieldErrors = Partial<Record<ServiceRequestField, { message: string; value: string }>>;

/**
 * The form's `validate`: the schema's messages, then the server's for any field still holding what the
 * server refused. Formik replaces all errors at each validation (on change, on blur), so a server's
 * message would otherwise vanish when the shopper leaves any field, before they changed the one it names.
 */
export async function validateServiceRequest(values: ServiceRequestValues, server: ServerFieldErrors = {}): Promise<ServiceRequestErrors> {
  const errors: ServiceRequestErrors = {};
  try {
    await serviceRequestSchema.validate(values, { abortEarly: false });
  } catch (error) {
    if (!(error instanceof Yup.ValidationError)) throw error;
    for (const inner of error.inner) {
      const field = inner.path as ServiceRequestField | undefined;
      if (field && !errors[field]) errors[field] = inner.message;
    }
  }
  for (const field of SERVICE_REQUEST_FIELDS) {
    const refused = server[field];
    if (refused && !errors[field] && values[field] === refused.value) errors[field] = refused.message;
  }
  return errors;
}
