import { useState, type FormEvent } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { OrderGuide } from '@dentalmarket/contracts';
import { ORDER_GUIDE_LIMITS } from '@dentalmarket/contracts/order-guides';
import { useDeleteOrderGuideMutation, useRenameOrderGuideMutation } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { apiMessage } from '../practice/practiceMessages.js';

/** What is wrong with a guide's name as typed, or null. */
export function guideNameProblem(name: string): string | null {
  if (!name.trim()) return 'Name is required';
  if (name.trim().length > ORDER_GUIDE_LIMITS.nameMax) return `Name must be at most ${ORDER_GUIDE_LIMITS.nameMax} characters`;
  return null;
}

/**
 * A name field with its form: checked before sending (required, 120 characters at most), and the
 * server's refusal (a name the practice has already) shown under the field.
 */
export function GuideNameForm({ id, initial = '', label = 'Name', submitLabel, busy, onSubmit, onCancel }: {
  id: string;
  /** in a dialog (`onCancel`): the dialog's buttons submit it, and the field takes focus when it opens */
  initial?: string;
  label?: string;
  submitLabel: string;
  busy: boolean;
  /** resolves with the server's refusal, or null once done */
  onSubmit: (name: string) => Promise<string | null>;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = guideNameProblem(name);
    setProblem(local);
    if (local) return;
    setProblem(await onSubmit(name.trim()));
  };
  return (
    <form id={id} onSubmit={submit} noValidate aria-label={submitLabel}>
      <TextField
        label={label}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? undefined}
        fullWidth
        autoFocus={Boolean(onCancel)}
        slotProps={{ htmlInput: { maxLength: ORDER_GUIDE_LIMITS.nameMax + 20 } }}
      />
      {onCancel ? null : (
        <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 2 }}>
          {submitLabel}
        </Button>
      )}
    </form>
  );
}

export function RenameGuideDialog({ guide, onClose }: { guide: OrderGuide; onClose: () => void }) {
  const [rename, { isLoading }] = useRenameOrderGuideMutation();
  const { enqueueSnackbar } = useSnackbar();
  const submit = async (name: string) => {
    try {
      await rename({ id: guide.id, name }).unwrap();
      enqueueSnackbar(toastMessage('Order guide renamed', name), { variant: 'success' });
      onClose();
      return null;
    } catch (error) {
      return apiMessage(error, 'The guide could not be renamed. Please try again.');
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="rename-guide-title" fullWidth maxWidth="xs">
      <DialogTitle id="rename-guide-title">Rename order guide</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <GuideNameForm id="rename-guide-form" initial={guide.name} submitLabel="Rename" busy={isLoading} onSubmit={submit} onCancel={onClose} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form="rename-guide-form" variant="contained" disabled={isLoading}>
          Rename
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function DeleteGuideDialog({ guide, onClose, onDeleted }: { guide: OrderGuide; onClose: () => void; onDeleted: () => void }) {
  const [remove, { isLoading }] = useDeleteOrderGuideMutation();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = async () => {
    try {
      await remove(guide.id).unwrap();
      enqueueSnackbar(toastMessage('Order guide deleted', guide.name), { variant: 'success' });
      onDeleted();
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not delete the order guide', apiMessage(error, 'Please try again.')), { variant: 'error' });
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-guide-title">
      <DialogTitle id="delete-guide-title">{`Delete “${guide.name}”?`}</DialogTitle>
      <DialogContent>
        <Typography>The guide and its products are deleted for everyone in your practice. Orders placed from it stay as they are.</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
