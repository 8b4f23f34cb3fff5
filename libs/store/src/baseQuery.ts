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
