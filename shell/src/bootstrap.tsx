import { startTransition } from 'react';
import { DARK_MARK, READY_EVENT, READY_MARK, SERVER_STATE_SCRIPT_ID } from '@dentalmarket/contracts';
import { preloadRouteRemote, remoteForPath } from './remotes.js';

/**
 * Yields to the browser. The page's start (evaluating React DOM, the store, MUI and the app, then the
 * first render) is done as a few tasks instead of one long one: on a server-rendered page the content
 * is already on screen, and a tap or a scroll meanwhile is answered between them.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The data a server-rendered page was rendered with (issue 20), or null for a page the browser renders. */
function serverState(): unknown {
  const script = document.getElementById(SERVER_STATE_SCRIPT_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent);
  } catch {
    return null;
  }
}

/**
 * The shared packages' code is already loaded (index.ts's start) and the app's imports are 'eager'
 * (their code is in this chunk): no more files to fetch, only their evaluation waits for its turn.
 * The start's module graphs in the order they are evaluated, each in a task of its own (issue 20's
 * TBT: on a phone every task over ~12 ms here is a long one). Redux Toolkit (with immer and reselect)
 * before the store's RTK Query api; React DOM 'eager' (its code stays in this chunk, preloaded by the
 * page); MUI's components, the largest graph, part by part (libs/mf-config/facades/mui-material.js).
 */
const START_MODULES = [
  () => import('@reduxjs/toolkit'),
  () => import('@dentalmarket/store'),
  () => import(/* webpackMode: "eager" */ 'react-dom/client'),
  () => import('@emotion/react'),
  () => import('@dentalmarket/mui-parts/theme'),
  () => import('@dentalmarket/mui-parts/layout'),
  () => import('@dentalmarket/mui-parts/base'),
  () => import('@dentalmarket/mui-parts/overlays'),
  () => import('@dentalmarket/mui-parts/fields'),
  () => import('@mui/material'),
  () => import('@dentalmarket/ui'),
  () => import('react-router'),
];

async function start(): Promise<void> {
  for (const evaluate of START_MODULES) {
    await evaluate();
    await nextTask();
  }
  // The page's remote (its files already downloading since index.ts) is loaded, which evaluates it,
  // only now: asked for earlier, it ran as soon as its files arrived, evaluating the shared modules it
  // uses (the UI library, MUI's facade) with its own code in one long task, ahead of the steps above
  preloadRouteRemote(window.location.pathname);
  // evaluated above: these resolve at once
  const [{ hydrateFromServer, makeStore, restoreSavedCart }, { createRoot, hydrateRoot }, { AppProviders }] = await Promise.all([
    import('@dentalmarket/store'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
    import('@dentalmarket/ui'),
  ]);
  const [{ App }, { installDiagnostics }, { whenHydrated }, { CLIENT_RENDERED }] = await Promise.all([
    import(/* webpackMode: "eager" */ './App.js'),
    import(/* webpackMode: "eager" */ './singletons.js'),
    import(/* webpackMode: "eager" */ './hydration.js'),
    import(/* webpackMode: "eager" */ './RemoteRoute.js'),
  ]);
  installDiagnostics();
  await nextTask();

  const root = document.getElementById('root')!;
  const state = serverState();
  // A server-rendered page is light; for a shopper who chose dark mode, the head's colour-scheme
  // check hid it (backend/src/frontend/page-start.ts): rendered afresh in dark, with the server's data
  const dark = document.documentElement.hasAttribute(DARK_MARK);
  const hydrating = Boolean(state) && !dark;
  // The one store of the page; every remote reads and writes it through the shared libs/store.
  const store = makeStore(undefined, { loadSavedCart: !hydrating });
  if (state) store.dispatch(hydrateFromServer(state));
  const app = (
    <AppProviders store={store}>
      <App />
    </AppProviders>
  );
  // the page's own part shown and working (hydrated, or rendered), and on a server-rendered page the
  // saved cart restored (the server rendered it with an empty one): said on <html> (READY_MARK) and to
  // the page-start script (READY_EVENT), which then replays the taps it held meanwhile (issue 32)
  // Both parts, whichever comes first: a remote the server left to the browser renders at once, before
  // the header's boundary has hydrated, and a cart restored then reached the header while it hydrated
  // (react-redux reads the store as it is now): its badge differed from the server's HTML (React #418)
  const parts = remoteForPath(window.location.pathname) ? [whenHydrated('shell'), whenHydrated('remote')] : [whenHydrated('shell')];
  Promise.all(parts).then(() => {
    if (hydrating) restoreSavedCart(store);
    document.documentElement.setAttribute(READY_MARK, '');
    document.dispatchEvent(new Event(READY_EVENT));
  });
  if (!hydrating) {
    createRoot(root).render(app);
    if (dark) whenHydrated('shell').then(() => document.documentElement.removeAttribute(DARK_MARK));
    return;
  }
  // as a transition: React hydrates in slices and yields to the browser between them (the page is
  // already on screen), instead of one long task that would hold a tap or a scroll
  startTransition(() => {
    hydrateRoot(root, app, {
      // a remote the server left to the browser is rendered here by design; anything else (a
      // mismatch between the server's HTML and this first render) is a defect worth seeing
      onRecoverableError: (error) => {
        if ((error as { digest?: string }).digest === CLIENT_RENDERED) return;
        console.error('Hydration error:', error);
      },
    });
  });
}

start().catch((error: unknown) => console.error('DentalMarket could not start:', error));
