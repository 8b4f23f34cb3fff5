import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
// not in the shared '@mui/material' facade (libs/mf-config/facades): the admin's bundle carries it
import DialogContentText from '@mui/material/DialogContentText';
import type { AdminPracticeDetail } from '@dentalmarket/contracts/admin-practices';
import { adminErrorMessage } from '../../categories/adminErrors.js';
import { useAdminToast } from '../../categories/useAdminToast.js';
import { useDisablePracticeMutation, useEnablePracticeMutation } from './practicesApi.js';

/**
 * 'Disable practice' (asked first: every person in it is signed out everywhere at once) or 'Enable
 * practice' (its people the disabling turned off may sign in again; one disabled on their own stays
 * so). The API's refusal is told in an error toast.
 */
export function PracticeAccountActions({ practice }: { practice: AdminPracticeDetail }) {
  const [disable, disabling] = useDisablePracticeMutation();
  const [enable, enabling] = useEnablePracticeMutation();
  const toast = useAdminToast();
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const textId = useId();
  const busy = disabling.isLoading || enabling.isLoading;
  const isDisabled = practice.disabled_at !== null;

  const run = async (change: typeof disable, done: string, fallback: string) => {
    try {
      await change(practice.id).unwrap();
      toast.success(done, practice.name);
    } catch (error) {
      toast.failure(adminErrorMessage(error, fallback));
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        variant={isDisabled ? 'contained' : 'outlined'}
        color={isDisabled ? 'primary' : 'error'}
        disabled={busy}
        onClick={() => (isDisabled ? void run(enable, 'Practice enabled', 'Failed to enable the practice') : setAsking(true))}
      >
        {isDisabled ? 'Enable practice' : 'Disable practice'}
      </Button>
      <Dialog open={asking} onClose={busy ? undefined : () => setAsking(false)} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId}>Disable {practice.name}?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>
            Its {practice.members === 1 ? 'person' : `${practice.members.toLocaleString('en-US')} people`} will be signed out everywhere at once and cannot sign in until the practice is enabled again. Its orders and invoices are kept.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void run(disable, 'Practice disabled', 'Failed to disable the practice')}>
            Disable practice
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
