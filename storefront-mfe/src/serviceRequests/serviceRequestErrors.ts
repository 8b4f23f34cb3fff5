import { errorText } from '@dentalmarket/store';
import { SERVICE_REQUEST_FIELDS, type ServiceRequestField } from './serviceRequestSchema.js';

/** The labels of the fields, as the dialog shows them and a server message is rewritten with. */
export const FIELD_LABELS: Record<ServiceRequestField, string> = {
  practice_name: 'Practice name',
  contact_name: 'Contact name',
  email: 'Email',
  phone: 'Phone',
  preferred_date: 'Preferred date',
  message: 'Message',
};

export interface RefusedRequest {
  /** a message under each field the server named */
  fields: Partial<Record<ServiceRequestField, string>>;
  /** what the dialog's alert says: the refusal not tied to a field, or null when every message went under a field */
  alert: string | null;
}

type Loose = { status?: unknown; originalStatus?: unknown; data?: unknown };

/** The JSON body's messages: Nest's validation sends a list, other errors one string. */
function messages(data: unknown): string[] {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  const list = Array.isArray(message) ? message : [message];
  return list.filter((m): m is string => typeof m === 'string' && m.trim() !== '').map((m) => m.trim());
}

/**
 * A 400 message placed under its field. The API starts each message with the field's name, as
 * `email: Valid email is required` (the part after the colon is what the shopper reads, after the
 * field's label when it does not read alone: 'Phone: at most 40 characters') or as
 * `phone must be at most 40 characters` (the name becomes the label: 'Phone must be…').
 */
function fieldOf(message: string): [ServiceRequestField, string] | null {
  for (const field of SERVICE_REQUEST_FIELDS) {
    if (message.startsWith(`${field}:`)) {
      const said = message.slice(field.length + 1).trim();
      // 'Practice name is required' reads alone; 'at most 200 characters' needs the field's label before it
      return [field, !said ? `${FIELD_LABELS[field]} is not valid` : /^[a-z]/.test(said) ? `${FIELD_LABELS[field]}: ${said}` : said];
    }
    if (message.startsWith(`${field} `)) return [field, `${FIELD_LABELS[field]}${message.slice(field.length)}`];
  }
  return null;
}

/** Why POST /api/service-requests was refused, as the dialog tells it. */
export function refusedRequest(error: unknown): RefusedRequest {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Loose;
  // a non-JSON answer arrives as PARSING_ERROR with the real status in originalStatus
  const status = typeof e.originalStatus === 'number' ? e.originalStatus : e.status;
  const said = messages(e.data);
  if (status === 400) {
    const fields: RefusedRequest['fields'] = {};
    const rest: string[] = [];
    for (const message of said) {
      const placed = fieldOf(message);
      if (placed && !fields[placed[0]]) fields[placed[0]] = placed[1];
      else if (!placed) rest.push(message);
    }
    if (rest.length || !Object.keys(fields).length) return { fields, alert: `Your request was not sent: ${rest.join('. ') || 'please check the form.'}` };
    return { fields, alert: null };
  }
  // the API says how long to wait; a proxy's bare 429 does not
  if (status === 429) return { fields: {}, alert: said.length ? `Your request was not sent: ${said.join('. ')}` : 'Too many requests were sent from your network. Please wait a few minutes and try again.' };
  if (status === 404) return { fields: {}, alert: 'This service is no longer available. Please choose another service.' };
  if (typeof status !== 'number') return { fields: {}, alert: 'Your request was not sent. Check your connection and try again.' };
  return { fields: {}, alert: `Your request was not sent: ${said.join('. ') || errorText({ status, data: e.data })}` };
}
