import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The `message` of an API error body (a string, or the first of a validation list), if any. */
export function serverMessage(error: unknown): string | undefined {
  if (!isFetchError(error)) return undefined;
  const data = error.data as { message?: unknown } | string | undefined;
  if (typeof data === 'string') return data.trim() || undefined;
  const message = data?.message;
  if (Array.isArray(message)) return message.filter((m) => typeof m === 'string').join('. ') || undefined;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/**
 * SPEC §8 Auth, the 'Login failed' toast's description: 401 → 'Invalid username or password';
 * another answer → the server's message, else 'Login failed (status). Please try again.'; a
 * failure that is no HTTP answer at all → 'An unexpected error occurred during login'.
 */
export function loginFailure(error: unknown): string {
  if (!isFetchError(error)) return 'An unexpected error occurred during login';
  if (error.status === 401) return 'Invalid username or password';
  if (typeof error.status !== 'number') return 'An unexpected error occurred during login';
  return serverMessage(error) ?? `Login failed (${error.status}). Please try again.`;
}

/** SPEC §3: the browser records when the user signed in (path /, max-age 604800 s). */
export function setLoginTimeCookie(now = Date.now()): void {
  document.cookie = `login_time=${now}; path=/; max-age=604800; SameSite=Lax`;
}
