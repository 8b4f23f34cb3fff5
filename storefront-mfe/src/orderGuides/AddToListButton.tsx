import { Suspense, useState, type ComponentType } from 'react';
import { Button } from '@mui/material';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import { retryingLazyDialog } from '../lazyDialog.js';
import { unavailableDialog } from '../UnavailableDialog.js';
import type { AddToListDialogProps } from './AddToListDialog.js';

/** Shown when the dialog's script could not be downloaded (offline, or a new release replaced it). */
const DialogUnavailable = unavailableDialog('add-to-list-unavailable', 'Add to an order guide', 'The order guides could not be loaded. Check your connection and try again.');

// the dialog loads when a shopper first points at or focuses the button, not with every page of the shop
const AddToListDialog = retryingLazyDialog(() => import('./AddToListDialog.js'), DialogUnavailable);

/**
 * 'Add to list' (issue 36): equipment's detail view and page put the product on one of the practice's
 * order guides, or on a new one; a signed-out shopper is asked to sign in first. The button is the
 * same for everyone (the server renders the page signed out); the dialog knows who is asking.
 */
export function AddToListButton({ product }: { product: { id: number; name: string } }) {
  const [open, setOpen] = useState(false);
  // the dialog component this button rendered: kept while open, so a failed download's notice is not swapped mid-display
  const [Shown, setShown] = useState<ComponentType<AddToListDialogProps> | null>(null);
  const { preload } = AddToListDialog;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PlaylistAddOutlined />}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setShown(() => AddToListDialog.current());
          setOpen(true);
        }}
      >
        Add to list
      </Button>
      {open && Shown ? (
        <Suspense fallback={null}>
          <Shown product={product} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
