import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
// not in the shared '@mui/material' facade (libs/mf-config/facades): the admin's bundle carries it
import DialogContentText from '@mui/material/DialogContentText';
import type { CustomerDetail } from '@dentalmarket/contracts';
import { useDisableCustomerMutation, useEnableCustomerMutation } from './customersApi.js';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { useAdminToast } from '../categories/useAdminToast.js';

/**
 * 'Disable account' (asked first: the customer is signed out everywhere at once) or 'Enable account'.
 * The API's refusal (the admin's own account, the last admin) is told in an error toast; either way
 * the drawer and the grid are fetched afresh (the mutations invalidate the customer).
 */
export function CustomerAccountActions({ customer }: { customer: CustomerDetail }) {
  const [disable, disabling] = useDisableCustomerMutation();
  const [enable, enabling] = useEnableCustomerMutation();
  const toast = useAdminToast();
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const textId = useId();
  const busy = disabling.isLoading || enabling.isLoading;
  const isDisabled = customer.disabled_at !== null;

  const run = async (change: typeof disable, done: string, fallback: string) => {
    try {
      await change(customer.id).unwrap();
      toast.success(done, customer.username);
    } catch (error) {
      toast.failure(adminErrorMessage(error, fallback));
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      {/* one button whose words change: focus given back to it after the dialog stays on it */}
      <Button
        variant={isDisabled ? 'contained' : 'outlined'}
        color={isDisabled ? 'primary' : 'error'}
        disabled={busy}
        onClick={() => (isDisabled ? void run(enable, 'Account enabled', 'Failed to enable the account') : setAsking(true))}
      >
        {isDisabled ? 'Enable account' : 'Disable account'}
      </Button>
      <Dialog open={asking} onClose={busy ? undefined : () => setAsking(false)} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId}>Disable {customer.username}?</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>They will be signed out everywhere at once and cannot sign in until the account is enabled again.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)} disabled={busy}>
            Cancel
          </Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void run(disable, 'Account disabled', 'Failed to disable the account')}>
            Disable account
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
