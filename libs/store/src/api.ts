import { createApi } from '@reduxjs/toolkit/query/react';
import { dmBaseQuery } from './baseQuery.js';

/**
 * The one RTK Query api of the product. Features add endpoints with `api.injectEndpoints`.
 * Spec defaults: no refetch on focus or reconnect, data kept (never stale) while subscribed.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: dmBaseQuery,
  tagTypes: ['Me', 'Category', 'Subcategory', 'Product'],
  refetchOnFocus: false,
  refetchOnReconnect: false,
  keepUnusedDataFor: 300,
  endpoints: () => ({}),
});
