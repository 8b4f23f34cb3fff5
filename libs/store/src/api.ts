import { useStore } from 'react-redux';
import { buildCreateApi, coreModule, reactHooksModule, skipToken } from '@reduxjs/toolkit/query/react';
import { createAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { dmBaseQuery } from './baseQuery.js';

/** True in a server render (issue 20): no browser here, and the page is rendered for an anonymous shopper. */
export const RENDERING_ON_SERVER = typeof window === 'undefined';

/**
 * The queries a server render made, handed to the browser's store before it hydrates, so the first
 * render there shows the same data as the server's HTML (RTK Query's rehydration: only fulfilled
 * queries are taken).
 */
export const hydrateFromServer = createAction<unknown>('dm/hydrateFromServer');

// On the server the hooks start their queries while rendering (there are no effects there), and the
// page's own query hooks suspend until theirs answer (suspendingOnServer).
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

interface QueryHookResult {
  data?: unknown;
  isLoading: boolean;
  isUninitialized: boolean;
}

/** What suspendingOnServer needs of an endpoint: its name and its cache entry's selector. */
interface SuspendingEndpoint {
  name: string;
  select: (arg: never) => (state: never) => { isError: boolean; data?: unknown };
}

/**
 * A query hook that, in a server render, suspends its component until its query has answered (issue
 * 20): React renders the rest of the page meanwhile and then that component again, now with its data,
 * so a page is rendered once, its data fetched as its parts ask for it (a part whose query depends on
 * another's data asks once that one has answered), whatever fields the component picks of the result
 * (selectFromResult). In the browser it is the hook itself.
 * A query that failed is shown failed, as in the browser: it is not asked again for the same page
 * (RTK Query asks again for each new subscriber of a failed query, and a component rendered again
 * on the server is a new subscriber).
 */
export function suspendingOnServer<Hook extends (arg: never, options?: never) => QueryHookResult>(endpoint: SuspendingEndpoint, hook: Hook): Hook {
  if (!RENDERING_ON_SERVER) return hook;
  const getRunning = api.util.getRunningQueryThunk as unknown as (name: string, arg: unknown) => (dispatch: unknown) => PromiseLike<unknown> | undefined;
  function useSuspendingQuery(arg: never, options?: never): QueryHookResult {
    const store = useStore();
    const dispatch = store.dispatch as ThunkDispatch<unknown, unknown, UnknownAction>;
    const skipped = (arg as unknown) === skipToken || Boolean((options as { skip?: boolean } | undefined)?.skip);
    const entry = skipped ? undefined : endpoint.select(arg)(store.getState() as never);
    if (entry?.isError) {
      const result = hook(arg, { ...(options as object | undefined), skip: true } as never);
      return { ...result, ...entry, currentData: entry.data, isFetching: false } as QueryHookResult;
    }
    const result = hook(arg, options);
    // judged by the cache entry, not the hook's result: a component that picks its own fields
    // (selectFromResult) has no `data` or `isLoading` in its result, and must wait all the same (the
    // search results' heading rendered 'Results for' over a listing of 5, issue 32's error #418)
    const current = skipped ? undefined : (endpoint.select(arg)(store.getState() as never) as { isError: boolean; data?: unknown });
    if (current && current.data === undefined && !current.isError) {
      const running = dispatch(getRunning(endpoint.name, arg) as never) as PromiseLike<unknown> | undefined;
      // thrown, not given to use(): a component may wait for several queries, one after the other,
      // and use() would take a later one for the first it was given (it matches them by order)
      if (running) throw running;
    }
    return result;
  }
  return useSuspendingQuery as Hook;
}
