import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';
import { useDeleteProductMutation } from '@dentalmarket/store';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { useAdminToast } from '../categories/useAdminToast.js';

export interface DeleteProductDialogProps {
  product: { id: number; name: string } | null;
  onClose: () => void;
  /** after a delete, with the close: the caller moves focus, since the row's button that had it is gone */
  onDeleted?: () => void;
}

/** SPEC §2 'Delete Product' confirmation; success clears the selection (the caller's onClose). */
export function DeleteProductDialog({ product, onClose, onDeleted }: DeleteProductDialogProps) {
  const [remove, { isLoading }] = useDeleteProductMutation();
  const toast = useAdminToast();
  // keep the name on screen while the dialog fades out
  const [shown, setShown] = useState(product);
  if (product && product !== shown) setShown(product);

  const confirm = async () => {
    if (!product) return;
    try {
      await remove(product.id).unwrap();
      toast.success('Product Deleted', product.name);
      onClose();
      onDeleted?.();
    } catch (error) {
      toast.failure(adminErrorMessage(error, 'Failed to delete product'));
    }
  };
  return (
    <Dialog open={product !== null} onClose={isLoading ? undefined : onClose} aria-labelledby="delete-product-title">
      <DialogTitle id="delete-product-title">Delete Product</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {shown ? `Delete "${shown.name}"? It disappears from the marketplace and shoppers' saved links stop working. This cannot be undone.` : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          Cancel
        </Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
          {isLoading ? 'Deleting...' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
