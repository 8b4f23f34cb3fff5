import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Container } from '@mui/material';
import { makeStore } from '@dentalmarket/store';
// through the package name, so the standalone page uses the same shared providers as the shell
import { AppProviders } from '@dentalmarket/ui';

/**
 * A remote's standalone page, so its team can run it alone: its own store from the same factory
 * and the same providers the shell gives it. Imported only by a remote's own entry
 * (`@dentalmarket/ui/standalone`), never by what it exposes, so a remote loaded by the shell
 * carries no store creation and no react-dom/client.
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
