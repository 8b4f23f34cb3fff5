import { useEffect, useRef } from 'react';
import { Box, MenuItem, TextField } from '@mui/material';
// deep imports: the shared MUI module holds only what the shell uses (docs/architecture.md)
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useField, useFormikContext } from 'formik';
import type { Practice, PracticeAddress } from '@dentalmarket/contracts';
import { SHIP_TO_RULES } from '@dentalmarket/contracts/practices';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { addressLine, managesAddressBook, useGetAddressesQuery } from '../practice/addressBookApi.js';
import type { CheckoutValues } from './checkoutSchema.js';

/** The select's value for "a new address" (the fields typed in). */
export const NEW_ADDRESS = 'new';

const fromBook = (address: PracticeAddress) => ({ fullName: address.full_name, address: address.address, city: address.city, state: address.state, zipCode: address.zip_code });

function SaveToBook() {
  const [field] = useField<boolean>({ name: 'saveAddress', type: 'checkbox' });
  return (
    <>
      <FormControlLabel control={<Checkbox {...field} checked={field.checked ?? false} />} label="Save this address to the practice's address book" sx={{ gridColumn: '1 / -1' }} />
      {field.checked ? (
        <FormikTextField name="addressLabel" label="Label for the address book" helperText="e.g. Main surgery, Warehouse" sx={{ gridColumn: '1 / -1' }} slotProps={{ htmlInput: { maxLength: SHIP_TO_RULES.label.max } }} />
      ) : null}
    </>
  );
}

/**
 * Issue 36: a practice member's checkout ships to an address of the practice's book (a select
 * starting at the default, filling the address fields) or to a new address typed in, which an
 * owner or purchaser may save to the book. The order keeps its own copy of the address.
 */
export function ShipToSelect({ practice }: { practice: Practice }) {
  const { data: addresses } = useGetAddressesQuery();
  const { values, touched, setValues, setFieldValue } = useFormikContext<CheckoutValues>();
  const started = useRef(false);
  const choose = (id: string, current: CheckoutValues) => {
    const address = addresses?.find((a) => String(a.id) === id);
    const fields = address ? fromBook(address) : { address: '', city: '', state: '', zipCode: '' };
    void setValues({ ...current, ...fields, shipTo: id, saveAddress: false, addressLabel: '' }, Boolean(address));
  };
  // the default, once the book has loaded (in place of the latest order's address filled in meanwhile, never of one typed)
  useEffect(() => {
    if (!addresses || started.current) return;
    started.current = true;
    const byDefault = addresses.find((a) => a.is_default);
    const typed = (['fullName', 'address', 'city', 'state', 'zipCode'] as const).some((field) => touched[field]);
    if (byDefault && !typed) choose(String(byDefault.id), values);
    else void setFieldValue('shipTo', NEW_ADDRESS, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the book arrives
  }, [addresses]);
  const manage = managesAddressBook(practice.my_role);
  if (!addresses) return null;
  return (
    <>
      {addresses.length > 0 ? (
        <TextField select label="Ship to" value={values.shipTo} onChange={(event) => choose(event.target.value, values)} sx={{ gridColumn: '1 / -1' }} id="ship-to" helperText="An address of your practice's address book, or a new one">
          {addresses.map((address) => (
            <MenuItem key={address.id} value={String(address.id)} sx={{ whiteSpace: 'normal' }}>
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {address.label}
                {address.is_default ? ' (default)' : ''} · {addressLine(address)}
              </Box>
            </MenuItem>
          ))}
          <MenuItem value={NEW_ADDRESS}>A new address</MenuItem>
        </TextField>
      ) : null}
      {values.shipTo === NEW_ADDRESS && manage ? <SaveToBook /> : null}
    </>
  );
}
