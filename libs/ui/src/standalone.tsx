import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import Container from '@mui/material/Container';
import { makeStore } from '@dentalmarket/store';
import { AppProviders } from './AppProviders.js';

/**
 * A remote's standalone page, so its team can run it alone: its own store from the same factory
 * and the same providers the shell gives it. Never used when the remote is loaded by the shell.
 */
export function renderStandalone(App: ComponentType): void {
  createRoot(document.getElementById('root')!).render(
    <AppProviders store={makeStore()}>
      <Container maxWidth="xl" sx={{ py: 3 }}>
        <App />
      </Container>
    </AppProviders>,
  );
}
