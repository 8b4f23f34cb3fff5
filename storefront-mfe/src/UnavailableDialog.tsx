import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';

/**
 * The dialog a lazily loaded one (lazyDialog.ts) is replaced by when its script could not be
 * downloaded (offline, or a new release replaced it): its title, why, and Close.
 */
export function unavailableDialog(id: string, title: string, message: string) {
  return function DialogUnavailable({ open = true, onClose }: { open?: boolean; onClose: () => void }) {
    return (
      <Dialog open={open} onClose={onClose} aria-labelledby={id}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>
          <Alert severity="error">{message}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
    );
  };
}
