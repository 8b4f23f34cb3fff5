import type { ReactNode } from 'react';
import { SnackbarProvider } from 'notistack';
import { TIMINGS } from '@dentalmarket/contracts';

/** Toasts per SPEC §2: one at a time, 5 s by default. */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={1} autoHideDuration={TIMINGS.toastDurationMs} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
      {children}
    </SnackbarProvider>
  );
}
