import { useEffect, useState, type ReactNode } from 'react';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { SnackbarProvider, useSnackbar, type SnackbarOrigin } from 'notistack';
import { TIMINGS } from '@dentalmarket/contracts';
import { AppToast, DismissToast } from './toast.js';

export const TOASTS_REGION_NAME = 'Notifications (F8)';

/**
 * Where toasts show: at the top on a phone, bottom-left on wider screens, so they never cover the
 * primary actions at the bottom and right (the cart drawer's Checkout and Clear cart, the product
 * modal's buttons, Create Product).
 */
export function toastAnchor(phone: boolean): SnackbarOrigin {
  return phone ? { vertical: 'top', horizontal: 'center' } : { vertical: 'bottom', horizontal: 'left' };
}

const TOAST_COMPONENTS = { default: AppToast, success: AppToast, error: AppToast, warning: AppToast, info: AppToast };

/** Toasts per SPEC §2: one at a time, 5 s by default, a close button, swipe right or Escape, F8 to reach them. */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [region, setRegion] = useState<HTMLElement | null>(null);
  return (
    <SnackbarProvider
      maxSnack={1}
      autoHideDuration={TIMINGS.toastDurationMs}
      anchorOrigin={toastAnchor(phone)}
      Components={TOAST_COMPONENTS}
      action={(id) => <DismissToast id={id} />}
      domRoot={region ?? undefined}
    >
      {children}
      <ToastsRegion onMount={setRegion} />
    </SnackbarProvider>
  );
}

/** The landmark the toasts render in: F8 focuses it (SPEC §2 viewport hotkey), Escape in it dismisses them. */
function ToastsRegion({ onMount }: { onMount: (element: HTMLElement | null) => void }) {
  const { closeSnackbar } = useSnackbar();
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    onMount(element);
    if (!element) return;
    const onHotkey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        element.focus();
      }
    };
    // toasts are portalled here, so a native listener sees keys from inside them too
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeSnackbar();
    };
    document.addEventListener('keydown', onHotkey);
    element.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onHotkey);
      element.removeEventListener('keydown', onEscape);
    };
  }, [element, onMount, closeSnackbar]);
  return <Box component="section" ref={setElement} aria-label={TOASTS_REGION_NAME} tabIndex={-1} />;
}
