import { Suspense, useState, type ComponentType } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import { retryingLazyDialog } from '../lazyDialog.js';
import { unavailableDialog } from '../UnavailableDialog.js';
import type { ServiceRequestDialogProps } from './ServiceRequestDialog.js';

/** Shown when the dialog's script could not be downloaded (offline, or a new release replaced it). */
const DialogUnavailable = unavailableDialog('service-request-unavailable', 'Request Service', 'The request form could not be loaded. Check your connection and try again.');

// the dialog, Formik and Yup load when a shopper first points at or focuses the button, not with every page of the shop
const ServiceRequestDialog = retryingLazyDialog(() => import('./ServiceRequestDialog.js'), DialogUnavailable);

export interface RequestServiceButtonProps {
  product: { id: number; name: string };
  variant?: ButtonProps['variant'];
}

/**
 * SPEC §2: a service's 'Request Service' button (on its card and in the detail modal), which opens the
 * request dialog (issue 21). The dialog stays mounted once opened, so a shopper who closes it by
 * mistake finds what they typed when they open it again; a sent request empties it.
 */
export function RequestServiceButton({ product, variant = 'outlined' }: RequestServiceButtonProps) {
  const [open, setOpen] = useState(false);
  // the dialog component this button rendered: kept while open, so a failed download's notice is not swapped mid-display
  const [Shown, setShown] = useState<ComponentType<ServiceRequestDialogProps> | null>(null);
  const { preload } = ServiceRequestDialog;
  return (
    <>
      <Button
        variant={variant}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setShown(() => ServiceRequestDialog.current());
          setOpen(true);
        }}
      >
        Request Service
      </Button>
      {Shown ? (
        <Suspense fallback={null}>
          <Shown open={open} product={product} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
