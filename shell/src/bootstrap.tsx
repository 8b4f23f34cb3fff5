import { createRoot } from 'react-dom/client';
import { makeStore } from '@dentalmarket/store';
import { AppProviders } from '@dentalmarket/ui';
import { App } from './App.js';
import { preloadRouteRemote } from './remotes.js';
import { installDiagnostics } from './singletons.js';

installDiagnostics();
preloadRouteRemote(window.location.pathname);

// The one store of the page; every remote reads and writes it through the shared libs/store.
createRoot(document.getElementById('root')!).render(
  <AppProviders store={makeStore()}>
    <App />
  </AppProviders>,
);
