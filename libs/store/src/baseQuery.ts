import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { sessionExpired } from './sessionSlice.js';

let apiBaseUrl = '/api';

/** Where the API lives. Same-origin '/api' by default; a standalone remote or a test may point elsewhere. */
export function setApiBaseUrl(url: string): void {
  apiBaseUrl = url.replace(/\/+$/, '');
}

export function getApiBaseUrl(): string {
  return apiBaseUrl;
}

/** Per-endpoint options: `sessionHandling` makes a 401 expire the session (SPEC §4 Session). */
export interface DmExtraOptions {
  sessionHandling?: boolean;
}

let sessionExpiryAnnounced = false;

/** Test hook: the session-expired handling runs once per page load. */
export function resetSessionExpiryForTests(): void {
  sessionExpiryAnnounced = false;
}

/**
 * SPEC §7: same-origin, credentials included, no-cache headers, JSON bodies; no retries.
 * A 401 on an endpoint that asked for session handling dispatches `session/expired` once per page.
 */
export const dmBaseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, DmExtraOptions> = async (
  args,
  api,
  extraOptions,
) => {
  const raw = fetchBaseQuery({
    baseUrl: apiBaseUrl,
    credentials: 'include',
    prepareHeaders: (headers) => {
      headers.set('Cache-Control', 'no-cache');
      headers.set('Pragma', 'no-cache');
      // a server render asks its own API over the loopback: compressing and decompressing the answer
      // there is CPU spent for nothing (a browser's fetch decides this itself)
      if (typeof window === 'undefined') headers.set('Accept-Encoding', 'identity');
      return headers;
    },
  });
  const result = await raw(args, api, {});
  if (result.error?.status === 401 && extraOptions?.sessionHandling && !sessionExpiryAnnounced) {
    sessionExpiryAnnounced = true;
    api.dispatch(sessionExpired());
  }
  return result;
};

/** SPEC §8: what a call that met a 401 under session handling reports. */
export const SESSION_EXPIRED_MESSAGE = 'Unauthorized: Your session has expired.';

/**
 * SPEC §8 General: a non-OK answer as an error message, "status: body" (the body as text, or the
 * status text when the body is empty); a failure with no HTTP answer gives its own description.
 */
export function errorText(error: unknown): string {
  if (typeof error !== 'object' || error === null || !('status' in error)) return error instanceof Error ? error.message : String(error);
  const { status, data } = error as { status: number | string; data?: unknown; error?: string };
  if (typeof status !== 'number') return (error as { error?: string }).error ?? String(status);
  const body = typeof data === 'string' ? data : data === undefined || data === null ? '' : JSON.stringify(data);
  return `${status}: ${body || STATUS_TEXT[status] || 'Error'}`;
}

/** The HTTP reason phrase of a status ('Payload Too Large'), as a browser's statusText gives it. */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? `HTTP ${status}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};
