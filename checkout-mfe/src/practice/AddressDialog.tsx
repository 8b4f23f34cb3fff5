import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, Formik } from 'formik';
import * as Yup from 'yup';
import type { PracticeAddress, PracticeAddressCreate } from '@dentalmarket/contracts';
import { SHIP_TO_RULES, type ShipToField } from '@dentalmarket/contracts/practices';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';

const rule = (field: ShipToField) => {
  const { min, max, message } = SHIP_TO_RULES[field];
  return Yup.string().trim().min(min, message).max(max, `At most ${max} characters`).required(message);
};

/** The checkout's address rules (SHIP_TO_RULES, as the API checks them), with a label. */
export const addressSchema = Yup.object({
  label: rule('label'),
  full_name: rule('full_name'),
  address: rule('address'),
  city: rule('city'),
  state: rule('state'),
  zip_code: rule('zip_code'),
});
export type AddressValues = Yup.InferType<typeof addressSchema>;

const EMPTY: AddressValues = { label: '', full_name: '', address: '', city: '', state: '', zip_code: '' };
const fieldGrid = { display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } } as const;

/**
 * Add or edit an address of the practice's book. `onSave` resolves with the server's refusal (a
 * label the book has already, a full book) to show, or null once saved (the dialog then closes).
 */
export function AddressDialog({ open, address, onClose, onSave }: {
  open: boolean;
  /** the address edited; none: a new one */
  address?: PracticeAddress;
  onClose: () => void;
  onSave: (values: PracticeAddressCreate) => Promise<string | null>;
}) {
  const initial = address ? { label: address.label, full_name: address.full_name, address: address.address, city: address.city, state: address.state, zip_code: address.zip_code } : EMPTY;
  const title = address ? `Edit ${address.label}` : 'Add an address';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="address-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="address-dialog-title">{title}</DialogTitle>
      <Formik<AddressValues>
        initialValues={initial}
        validationSchema={addressSchema}
        onSubmit={async (values, helpers) => {
          const trimmed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value).trim()])) as AddressValues;
          const refusal = await onSave(trimmed);
          if (refusal) helpers.setFieldError(/label/i.test(refusal) ? 'label' : 'address', refusal);
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={title}>
            <DialogContent sx={fieldGrid}>
              <FormikTextField name="label" label="Label" helperText="e.g. Main surgery, Warehouse" autoFocus sx={{ gridColumn: '1 / -1' }} />
              <FormikTextField name="full_name" label="Full Name" autoComplete="shipping name" sx={{ gridColumn: '1 / -1' }} />
              <FormikTextField name="address" label="Address" autoComplete="shipping street-address" sx={{ gridColumn: '1 / -1' }} />
              <FormikTextField name="city" label="City" autoComplete="shipping address-level2" />
              <FormikTextField name="state" label="State" autoComplete="shipping address-level1" />
              <FormikTextField name="zip_code" label="ZIP Code" autoComplete="shipping postal-code" inputMode="numeric" />
              <FocusFirstError />
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>Cancel</Button>
              <Box>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  {isSubmitting ? 'Saving...' : 'Save address'}
                </Button>
              </Box>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
