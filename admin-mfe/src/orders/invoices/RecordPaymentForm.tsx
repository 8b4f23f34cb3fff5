import { Button, Stack } from '@mui/material';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import * as Yup from 'yup';
import { toCents } from '@dentalmarket/contracts';
import { PAYMENT_LIMITS } from '@dentalmarket/contracts/practices';
import { toastMessage } from '@dentalmarket/ui';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { useRecordPaymentMutation } from './invoicesApi.js';
import { refusal } from '../../dashboard/refusal.js';

const MONEY = /^(0|[1-9][0-9]{0,7})(\.[0-9]{1,2})?$/;
/** Today in the admin's own calendar, as an input of type date takes it. */
const localToday = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

interface Values {
  amount: string;
  paid_on: string;
  reference: string;
  note: string;
}

const schemaFor = (outstanding: string) =>
  Yup.object({
    amount: Yup.string()
      .trim()
      .required('Amount is required')
      .matches(MONEY, 'An amount such as 120 or 120.50')
      .test('positive', 'More than 0.00', (value) => !value || !MONEY.test(value) || toCents(value) > 0)
      .test('outstanding', `At most the $${outstanding} outstanding`, (value) => !value || !MONEY.test(value) || toCents(value) <= toCents(outstanding)),
    paid_on: Yup.string()
      .required('The day it was paid is required')
      .test('past', 'Not in the future', (value) => !value || value <= localToday()),
    reference: Yup.string().trim().max(PAYMENT_LIMITS.referenceMax, `At most ${PAYMENT_LIMITS.referenceMax} characters`),
    note: Yup.string().trim().max(PAYMENT_LIMITS.noteMax, `At most ${PAYMENT_LIMITS.noteMax} characters`),
  });


/** "Record payment": part or all of what is outstanding (the amount starts at all of it). */
export function RecordPaymentForm({ number, outstanding }: { number: string; outstanding: string }) {
  const [record] = useRecordPaymentMutation();
  const { enqueueSnackbar } = useSnackbar();
  const initialValues: Values = { amount: outstanding, paid_on: localToday(), reference: '', note: '' };
  return (
    <Formik<Values>
      initialValues={initialValues}
      enableReinitialize
      validationSchema={schemaFor(outstanding)}
      onSubmit={async (values, { resetForm }) => {
        try {
          const result = await record({
            number,
            amount: values.amount.trim(),
            paid_on: values.paid_on,
            ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
            ...(values.note.trim() ? { note: values.note.trim() } : {}),
          }).unwrap();
          enqueueSnackbar(toastMessage(result.paid_at ? 'Invoice paid in full' : 'Payment recorded', `$${result.outstanding} outstanding`), { variant: 'success' });
          resetForm();
        } catch (error) {
          enqueueSnackbar(toastMessage('Could not record the payment', refusal(error)), { variant: 'error' });
        }
      }}
    >
      {({ isSubmitting }) => (
        <Stack component={Form} aria-label="Record payment" noValidate spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormikTextField name="amount" label="Amount (USD)" required size="small" inputMode="decimal" fullWidth />
            <FormikTextField name="paid_on" label="Paid on" type="date" required size="small" fullWidth slotProps={{ inputLabel: { shrink: true } }} />
          </Stack>
          <FormikTextField name="reference" label="Reference (optional)" size="small" fullWidth />
          <FormikTextField name="note" label="Note (optional)" size="small" fullWidth multiline minRows={2} />
          <Stack direction="row">
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Record payment
            </Button>
          </Stack>
        </Stack>
      )}
    </Formik>
  );
}
