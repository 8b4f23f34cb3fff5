import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';

export interface DeleteTarget {
  kind: 'category' | 'subcategory';
  name: string;
}

export interface DeleteConfirmDialogProps {
  /** what is about to go; null keeps the dialog closed */
  target: DeleteTarget | null;
  /** runs the delete; the caller reports the outcome and closes the dialog */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** what the caller knows about the target's contents, in place of the general warning; `blocked` turns Delete off */
  notice?: { text: string; blocked: boolean };
  /** the contents are still being checked: Delete waits */
  checking?: boolean;
}

const consequence: Record<DeleteTarget['kind'], string> = {
  category: 'Products in this category may be affected.',
  // the server keeps a deleted subcategory's products, in the category without a subcategory
  subcategory: 'Products in this subcategory may be affected: they stay in the category without a subcategory.',
};

/** SPEC §9: the confirmation warns that products may be affected and that it cannot be undone. */
export function DeleteConfirmDialog({ target, onConfirm, onClose, notice, checking = false }: DeleteConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  // the last target stays in the text while the dialog fades out after `target` became null
  const [shown, setShown] = useState(target);
  if (target && (target.kind !== shown?.kind || target.name !== shown?.name)) setShown(target);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={target !== null} onClose={busy ? undefined : onClose} aria-labelledby="delete-confirm-title" aria-describedby="delete-confirm-text">
      <DialogTitle id="delete-confirm-title">Are you sure?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-confirm-text">
          {shown && notice?.blocked ? notice.text : null}
          {shown && !notice?.blocked
            ? `This will permanently delete the ${shown.kind} "${shown.name}". ${notice?.text ?? consequence[shown.kind]} This action cannot be undone.`
            : null}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={busy || checking || Boolean(notice?.blocked)}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
