import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { createAction } from '@reduxjs/toolkit';
import { dmBaseQuery } from './baseQuery.js';

/** True in a server render (issue 20): no browser here, and the page is rendered for an anonymous shopper. */
export const RENDERING_ON_SERVER = typeof window === 'undefined';

/**
 * The queries a server render made, handed to the browser's store before it hydrates, so the first
 * render there shows the same data as the server's HTML (RTK Query's rehydration: only fulfilled
 * queries are taken).
 */
export const hydrateFromServer = createAction<unknown>('dm/hydrateFromServer');

// On the server the hooks start their queries while rendering (there are no effects there): the
// server render renders, awaits the queries that render started, and renders again until none is new.
const createDmApi = buildCreateApi(coreModule(), reactHooksModule({ unstable__sideEffectsInRender: RENDERING_ON_SERVER }));

/**
 * The one RTK Query api of the product. Features add endpoints with `api.injectEndpoints`.
 * Spec defaults: no refetch on focus or reconnect, data kept (never stale) while subscribed.
 */
export const api = createDmApi({
  reducerPath: 'api',
  baseQuery: dmBaseQuery,
  tagTypes: ['Me', 'Category', 'Subcategory', 'Product'],
  refetchOnFocus: false,
  refetchOnReconnect: false,
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
  extractRehydrationInfo(action, { reducerPath }) {
    if (hydrateFromServer.match(action)) return (action.payload as Record<string, never>)[reducerPath];
    return undefined;
  },
});
