import { combineSlices, configureStore, createListenerMiddleware, isAnyOf, type Dispatch } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { CART_STORAGE_KEY, type User } from '@dentalmarket/contracts';
import { api } from './api.js';
import { cartActions, cartSlice } from './cartSlice.js';
import { loadCart, saveCart } from './cartPersistence.js';
import { sessionApi } from './catalogApi.js';
import { sessionActions, sessionSlice } from './sessionSlice.js';

export const rootReducer = combineSlices(api, cartSlice, sessionSlice);
export type RootState = ReturnType<typeof rootReducer>;

export interface MakeStoreOptions {
  /** Read and write the cart in localStorage (default true). */
  persistCart?: boolean;
  /**
   * Start with the cart saved in localStorage (default true). A page hydrating server-rendered HTML
   * starts empty like the server did and loads it with restoreSavedCart once hydrated.
   */
  loadSavedCart?: boolean;
}

/** The saved cart into a store made with loadSavedCart false, after hydration (nothing to save back). */
export function restoreSavedCart(store: { dispatch: Dispatch }): void {
  const saved = loadCart();
  if (saved?.items.length) store.dispatch(cartActions.replaceCart(saved.items));
}

/** The store factory. The shell calls it once; standalone remote entries and tests reuse it. */
export function makeStore(preloadedState?: Partial<RootState>, options: MakeStoreOptions = {}) {
  const persistCart = options.persistCart ?? true;
  const listener = createListenerMiddleware();

  if (persistCart) {
    listener.startListening({
      // a cart another tab saved is loaded, not saved back
      matcher: isAnyOf(...Object.values(cartActions).filter((action) => action !== cartActions.replaceCart)),
      effect: (_action, listenerApi) => saveCart((listenerApi.getState() as RootState).cart),
    });
  }
  // The session slice follows GET /api/me (RTK's authentication example pattern).
  listener.startListening({
    matcher: sessionApi.endpoints.getMe.matchFulfilled,
    effect: (action, listenerApi) => {
      listenerApi.dispatch(sessionActions.setUser(action.payload));
    },
  });
  // Sign-in and sign-out update the session and the cached GET /api/me at once, no refetch. These
  // listeners see only fulfilled calls: a failed login, registration or logout changes nothing and,
  // unlike an onQueryStarted awaiting queryFulfilled, leaves no unhandled rejection (issue 16).
  const { login, register, logout } = sessionApi.endpoints;
  const follow = (dispatch: Dispatch, user: User | null) => {
    dispatch(sessionActions.setUser(user));
    dispatch(sessionApi.util.upsertQueryEntries([{ endpointName: 'getMe', arg: undefined, value: user }]));
  };
  for (const signIn of [login, register]) {
    listener.startListening({
      matcher: signIn.matchFulfilled,
      effect: (action, listenerApi) => follow(listenerApi.dispatch, action.payload),
    });
  }
  listener.startListening({
    matcher: logout.matchFulfilled,
    effect: (_action, listenerApi) => follow(listenerApi.dispatch, null),
  });
  listener.startListening({
    matcher: sessionApi.endpoints.getMe.matchRejected,
    effect: (action, listenerApi) => {
      if (action.meta.condition) return; // deduplicated, not a failure
      listenerApi.dispatch(sessionActions.setUser(null));
    },
  });

  const preloaded: Partial<RootState> = { ...preloadedState };
  if (persistCart && (options.loadSavedCart ?? true) && !preloaded.cart) {
    const saved = loadCart();
    if (saved) preloaded.cart = saved;
  }

  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  if (persistCart && typeof window !== 'undefined') {
    // another tab changed the cart: show it here too (the storage event fires only in other tabs)
    window.addEventListener('storage', (event) => {
      if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
      store.dispatch(cartActions.replaceCart(loadCart()?.items ?? []));
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
