import { Suspense, useState, type ComponentType } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import PlaylistAddOutlined from '@mui/icons-material/PlaylistAddOutlined';
import { retryingLazyDialog } from '../lazyDialog.js';
import type { AddToListDialogProps } from './AddToListDialog.js';

/** Shown when the dialog's script could not be downloaded (offline, or a new release replaced it). */
function DialogUnavailable({ onClose }: AddToListDialogProps) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="add-to-list-unavailable">
      <DialogTitle id="add-to-list-unavailable">Add to an order guide</DialogTitle>
      <DialogContent>
        <Alert severity="error">The order guides could not be loaded. Check your connection and try again.</Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

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
