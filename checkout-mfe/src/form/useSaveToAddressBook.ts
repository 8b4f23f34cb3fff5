import { useSnackbar } from 'notistack';
import { toastMessage } from '@dentalmarket/ui';
import { useCreateAddressMutation } from '../practice/addressBookApi.js';
import { apiMessage } from '../practice/practiceMessages.js';
import type { CheckoutValues } from './checkoutSchema.js';

/**
 * Issue 36: after the order is placed, the new address typed at checkout goes into the practice's
 * address book when the shopper asked for it. The order is placed whatever happens here: a refusal
 * (a label the book has, a full book) is said, and the order keeps its copy of the address.
 */
export function useSaveToAddressBook() {
  const [create] = useCreateAddressMutation();
  const { enqueueSnackbar } = useSnackbar();
  return async (values: CheckoutValues) => {
    const label = (values.addressLabel ?? '').trim();
    try {
      await create({ label, full_name: values.fullName.trim(), address: values.address.trim(), city: values.city.trim(), state: values.state.trim(), zip_code: values.zipCode.trim() }).unwrap();
      enqueueSnackbar(toastMessage('Address saved to the address book', label), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage('The address was not saved to the address book', apiMessage(error, 'Please add it on the Practice page.')), { variant: 'warning' });
    }
  };
}
