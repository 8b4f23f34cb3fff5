import { errorText } from '@dentalmarket/store';

/** SPEC §8: a 401 on an admin call is reported with this text instead of the server's. */
export const ADMIN_SESSION_EXPIRED = 'Your session has expired. Please log in again.';

type Loose = { status?: unknown; originalStatus?: unknown; data?: unknown; error?: unknown; message?: unknown };

/** The `message` of a JSON error body; NestJS validation answers send a list of messages. */
function bodyMessage(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('message' in data)) return null;
  const { message } = data as { message: unknown };
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message)) {
    const parts = message.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
    return parts.length ? parts.join(', ') : null;
  }
  return null;
}

/**
 * The {message} of the admin error toasts (SPEC §8 Categories): the server's JSON `message`, else
 * the error's own text, else `fallback`. Accepts RTK Query errors, serialized errors and Errors.
 */
export function adminErrorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'string') return error.trim() || fallback;
  if (typeof error !== 'object' || error === null) return fallback;
  const e = error as Loose;
  // a non-JSON answer arrives as PARSING_ERROR, the real status kept in originalStatus
  const status = typeof e.originalStatus === 'number' ? e.originalStatus : e.status;
  if (status === 401) return ADMIN_SESSION_EXPIRED;
  const fromBody = bodyMessage(e.data);
  if (fromBody) return fromBody;
  if (typeof status === 'number') {
    if (typeof e.data === 'string' && e.data.trim()) return `${status}: ${e.data.trim()}`;
    return errorText({ status, data: e.data });
  }
  if (typeof e.error === 'string' && e.error.trim()) return e.error;
  if (typeof e.message === 'string' && e.message.trim()) return e.message;
  return fallback;
}
