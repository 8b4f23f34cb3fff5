import { useId } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';

export interface DiscardChangesDialogProps {
  open: boolean;
  /** 'Keep editing', Escape and a click outside: the question goes, the form stays as it is */
  onKeepEditing: () => void;
  onDiscard: () => void;
}

/**
 * The question a dialog with unsaved changes asks before it closes (issue 32). 'Keep editing' has
 * the focus, so a reflexive Enter or a second Escape never throws the typing away.
 */
export function DiscardChangesDialog({ open, onKeepEditing, onDiscard }: DiscardChangesDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onKeepEditing} maxWidth="xs" aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Discard changes?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>You have unsaved changes. They will be lost.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeepEditing} variant="contained" autoFocus>
          Keep editing
        </Button>
        <Button onClick={onDiscard} color="error">
          Discard
        </Button>
      </DialogActions>
    </Dialog>
  );
}
