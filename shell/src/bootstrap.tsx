import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrateFromServer, makeStore, restoreSavedCart } from '@dentalmarket/store';
import { AppProviders } from '@dentalmarket/ui';
import { App } from './App.js';
import { whenHydrated } from './hydration.js';
import { CLIENT_RENDERED } from './RemoteRoute.js';
import { preloadRouteRemote, remoteForPath } from './remotes.js';
import { installDiagnostics } from './singletons.js';

installDiagnostics();
preloadRouteRemote(window.location.pathname);

/** The data a server-rendered page was rendered with (issue 20), or null for a page the browser renders. */
function serverState(): unknown {
  const script = document.getElementById('dm-server-state');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent);
  } catch {
    return null;
  }
}

const root = document.getElementById('root')!;
const state = serverState();
// The one store of the page; every remote reads and writes it through the shared libs/store.
const store = makeStore(undefined, { loadSavedCart: !state });
const app = (
  <AppProviders store={store}>
    <App />
  </AppProviders>
);

if (state) {
  store.dispatch(hydrateFromServer(state));
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
  // the saved cart only now: the server rendered the page with an empty one
  whenHydrated(remoteForPath(window.location.pathname) ? 'remote' : 'shell').then(() => restoreSavedCart(store));
} else {
  createRoot(root).render(app);
}
