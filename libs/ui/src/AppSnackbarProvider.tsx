import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { SnackbarProvider, type SnackbarKey, type SnackbarOrigin } from 'notistack';
import { TIMINGS } from '@dentalmarket/contracts';
import { AppToast, DismissToast } from './toast.js';

export const TOASTS_REGION_NAME = 'Notifications (F8)';

/**
 * Where toasts show: top centre on every screen. The primary actions sit at the bottom and the
 * sides (the cart drawer's Checkout, the product modal's buttons, Create Product, the admin lists'
 * drag handles on the left and row actions on the right); the header's middle is empty from 900 px
 * up. Below 900 px the header is full of controls (the cart, search, the menu), so toasts start
 * under it (TOAST_TOP_BELOW_HEADER, issue 32: a tap on the cart icon hit the toast for 5 s); the
 * cart drawer shows its own notices inside it rather than as toasts.
 */
export const TOAST_ANCHOR: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };

/** Below 900 px, where toasts start: under the header's toolbar (56 px on a phone, 64 px from 600 px) and a gap. */
export const TOAST_TOP_BELOW_HEADER = { xs: '64px', sm: '72px' } as const;

const TOAST_COMPONENTS = { default: AppToast, success: AppToast, error: AppToast, warning: AppToast, info: AppToast };

/** What of notistack's provider `dismissAll` reads: the toasts waiting behind the one shown (its state's queue). */
interface NotistackProvider {
  state: { queue: { id: SnackbarKey }[] };
  closeSnackbar(key?: SnackbarKey): void;
}

const DismissAllToasts = createContext<() => void>(() => undefined);

/**
 * Closes every toast: the one shown and those waiting behind it (one shows at a time). notistack's
 * `closeSnackbar()` closes the toasts shown but keeps the waiting ones, which then came up over what
 * had just opened: two quick 'Add to cart's, then the cart, and the second 'Added to cart' covered
 * 'Clear cart' at the top of the phone's cart drawer (and a pointer resting on a toast stops its timer).
 */
export function useDismissAllToasts(): () => void {
  return useContext(DismissAllToasts);
}

/** Toasts per SPEC §2: one at a time, 5 s by default, a close button, swipe right or Escape, F8 to reach them. */
export function AppSnackbarProvider({ children }: { children: ReactNode }) {
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const provider = useRef<SnackbarProvider>(null);
  const dismissAll = useCallback(() => {
    const notistack = provider.current as unknown as NotistackProvider | null;
    if (!notistack) return;
    for (const { id } of notistack.state.queue) notistack.closeSnackbar(id);
    notistack.closeSnackbar();
  }, []);
  return (
    <SnackbarProvider
      ref={provider}
      maxSnack={1}
      autoHideDuration={TIMINGS.toastDurationMs}
      anchorOrigin={TOAST_ANCHOR}
      Components={TOAST_COMPONENTS}
      action={(id) => <DismissToast id={id} />}
      domRoot={region ?? undefined}
    >
      <DismissAllToasts.Provider value={dismissAll}>
        {children}
        <ToastsRegion onMount={setRegion} />
      </DismissAllToasts.Provider>
    </SnackbarProvider>
  );
}

/** The landmark the toasts render in: F8 focuses it (SPEC §2 viewport hotkey), Escape in it dismisses them. */
function ToastsRegion({ onMount }: { onMount: (element: HTMLElement | null) => void }) {
  const dismissAll = useDismissAllToasts();
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
      if (event.key === 'Escape') dismissAll();
    };
    document.addEventListener('keydown', onHotkey);
    element.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('keydown', onHotkey);
      element.removeEventListener('keydown', onEscape);
    };
  }, [element, onMount, dismissAll]);
  return (
    <Box
      component="section"
      ref={setElement}
      aria-label={TOASTS_REGION_NAME}
      tabIndex={-1}
      sx={{ '& .notistack-SnackbarContainer': { top: { ...TOAST_TOP_BELOW_HEADER, md: undefined } } }}
    />
  );
}
