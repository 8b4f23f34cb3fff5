import * as Yup from 'yup';
import type { ApiKeyScope, CreateApiKeyRequest } from '@dentalmarket/contracts';
// the scopes and limits are an entry of their own, outside the contracts every page downloads
import { API_KEY_LIMITS, API_KEY_SCOPES } from '@dentalmarket/contracts/api-keys';

/** When a new key stops working: never, a span from now, or the end of a chosen day. */
export const EXPIRY_CHOICES = [
  { value: 'never', label: 'No expiry' },
  { value: '30d', label: 'In 30 days' },
  { value: '90d', label: 'In 90 days' },
  { value: '1y', label: 'In 1 year' },
  { value: 'date', label: 'On a date' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

export interface ApiKeyValues {
  name: string;
  scopes: ApiKeyScope[];
  expiry: ExpiryChoice;
  /** the chosen day (YYYY-MM-DD, as a date input gives it) when `expiry` is 'date' */
  expiryDate: string;
}

export const initialApiKeyValues: ApiKeyValues = { name: '', scopes: [], expiry: 'never', expiryDate: '' };

const pad = (n: number) => String(n).padStart(2, '0');
/** A day in the browser's time zone as a date input writes it. */
export const dayString = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The last second of a chosen day, in the browser's time zone: 'expires on 31 March' works all that day. */
export function endOfDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59);
}

/** When a key made `now` with this choice expires; null: never. */
export function expiryOf(values: Pick<ApiKeyValues, 'expiry' | 'expiryDate'>, now: Date): Date | null {
  const at = new Date(now);
  switch (values.expiry) {
    case 'never':
      return null;
    case '30d':
      return new Date(now.getTime() + 30 * 86_400_000);
    case '90d':
      return new Date(now.getTime() + 90 * 86_400_000);
    case '1y':
      at.setFullYear(at.getFullYear() + 1);
      return at;
    case 'date':
      return endOfDay(values.expiryDate);
  }
}

export const apiKeySchema = Yup.object({
  name: Yup.string().trim().required('Name is required').max(API_KEY_LIMITS.nameMax, `Name must be at most ${API_KEY_LIMITS.nameMax} characters`),
  scopes: Yup.array(Yup.string().oneOf(API_KEY_SCOPES).required()).min(1, 'Choose at least one scope'),
  expiry: Yup.string().oneOf(EXPIRY_CHOICES.map((c) => c.value)),
  expiryDate: Yup.string().when('expiry', {
    is: 'date',
    then: (date) =>
      date
        .required('Choose the day it expires')
        .matches(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date')
        // the same day still works until its end; compared as strings, as both are YYYY-MM-DD
        .test('not-past', 'The day must be today or later', (day) => !day || day >= dayString(new Date())),
  }),
});

/** The POST body: scopes in the order the API lists them, whatever order they were ticked in. */
export function toCreateRequest(values: ApiKeyValues, now: Date): CreateApiKeyRequest {
  const expires = expiryOf(values, now);
  return {
    name: values.name.trim(),
    scopes: API_KEY_SCOPES.filter((scope) => values.scopes.includes(scope)),
    expires_at: expires ? expires.toISOString() : null,
  };
}
