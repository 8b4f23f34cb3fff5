import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import type { Practice, PracticeAddress, PracticeAddressCreate } from '@dentalmarket/contracts';
import { ADDRESS_BOOK_MAX } from '@dentalmarket/contracts/practices';
import { PageSpinner, toastMessage } from '@dentalmarket/ui';
import { AddressDialog } from './AddressDialog.js';
import { managesAddressBook, useCreateAddressMutation, useDeleteAddressMutation, useGetAddressesQuery, useUpdateAddressMutation } from './addressBookApi.js';
import { apiMessage } from './practiceMessages.js';

function AddressRow({ address, manage, onEdit }: { address: PracticeAddress; manage: boolean; onEdit: () => void }) {
  const [update, updating] = useUpdateAddressMutation();
  const [remove, removing] = useDeleteAddressMutation();
  const { enqueueSnackbar } = useSnackbar();
  const act = async (what: 'default' | 'remove') => {
    try {
      if (what === 'default') await update({ id: address.id, is_default: true }).unwrap();
      else await remove(address.id).unwrap();
      enqueueSnackbar(toastMessage(what === 'default' ? 'Default address changed' : 'Address removed', address.label), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage(what === 'default' ? 'Could not change the default address' : 'Could not remove the address', apiMessage(error, 'Please try again.')), { variant: 'error' });
    }
  };
  return (
    <Stack component="li" direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}>
      <Box sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{address.label}</Typography>
          {address.is_default ? <Chip label="Default" size="small" color="primary" variant="outlined" /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {address.full_name}, {address.address}, {address.city}, {address.state} {address.zip_code}
        </Typography>
      </Box>
      {manage ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0, flexWrap: 'wrap' }}>
          <Button onClick={onEdit} aria-label={`Edit ${address.label}`}>
            Edit
          </Button>
          {address.is_default ? null : (
            <Button onClick={() => act('default')} disabled={updating.isLoading} aria-label={`Make default: ${address.label}`}>
              Make default
            </Button>
          )}
          <Button color="error" onClick={() => act('remove')} disabled={removing.isLoading} aria-label={`Remove ${address.label}`}>
            Remove
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * Issue 36: the practice's ship-to addresses, shared by every member; the default is where checkout
 * starts. Owners and purchasers add, edit, remove and choose the default; assistants read them.
 */
export function PracticeAddressBook({ practice }: { practice: Practice }) {
  const { data, isLoading, error, refetch } = useGetAddressesQuery();
  const [create] = useCreateAddressMutation();
  const [update] = useUpdateAddressMutation();
  const [dialog, setDialog] = useState<{ address?: PracticeAddress } | null>(null);
  const { enqueueSnackbar } = useSnackbar();
  const manage = managesAddressBook(practice.my_role);
  const save = async (values: PracticeAddressCreate): Promise<string | null> => {
    try {
      if (dialog?.address) await update({ id: dialog.address.id, ...values }).unwrap();
      else await create(values).unwrap();
      enqueueSnackbar(toastMessage(dialog?.address ? 'Address saved' : 'Address added', values.label), { variant: 'success' });
      setDialog(null);
      return null;
    } catch (err) {
      return apiMessage(err, 'The address could not be saved. Please try again.');
    }
  };
  const full = (data?.length ?? 0) >= ADDRESS_BOOK_MAX;
  return (
    <Card component="section" aria-labelledby="practice-addresses-heading">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography id="practice-addresses-heading" variant="h3" component="h2">
            Address book
          </Typography>
          {manage ? (
            <Button variant="outlined" onClick={() => setDialog({})} disabled={full || !data}>
              Add address
            </Button>
          ) : null}
        </Stack>
        {isLoading ? (
          <PageSpinner label="Loading the address book" />
        ) : !data ? (
          <Typography color="error">
            The address book could not be loaded ({apiMessage(error, 'network error')}). <Button onClick={() => refetch()}>Retry</Button>
          </Typography>
        ) : data.length === 0 ? (
          <Typography color="text.secondary">No addresses yet.{manage ? ' Add the places your practice ships to; checkout then offers them.' : ''}</Typography>
        ) : (
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Ship-to addresses">
            {data.map((address) => (
              <AddressRow key={address.id} address={address} manage={manage} onEdit={() => setDialog({ address })} />
            ))}
          </Stack>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {manage
            ? `Shared with everyone in your practice, up to ${ADDRESS_BOOK_MAX} addresses. Orders already placed keep the address they were shipped to.`
            : 'Shared with everyone in your practice. Only an owner or a purchaser can change it.'}
        </Typography>
        {dialog ? <AddressDialog open address={dialog.address} onClose={() => setDialog(null)} onSave={save} /> : null}
      </CardContent>
    </Card>
  );
}
