import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
// deep imports: the shared MUI module holds only what the shell uses (docs/architecture.md)
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Form, Formik, useField } from 'formik';
import { useSnackbar } from 'notistack';
import * as Yup from 'yup';
import { type Practice, taxExemptReason } from '@dentalmarket/contracts';
import { PRACTICE_LIMITS } from '@dentalmarket/contracts/practices';
import { toastMessage } from '@dentalmarket/ui';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { money } from '../orders/orderFormat.js';
import { useUpdatePracticeMutation } from './practiceApi.js';
import { apiMessage } from './practiceMessages.js';

const DAYS = `A whole number of days from 1 to ${PRACTICE_LIMITS.approvalDaysMax}`;

export const orderingSchema = Yup.object({
  po_required: Yup.boolean().required(),
  approvals_enabled: Yup.boolean().required(),
  approval_threshold: Yup.string()
    .trim()
    .matches(/^(0|[1-9][0-9]{0,7})(\.[0-9]{1,2})?$/, { message: 'Enter an amount such as 500 or 500.00, or leave it empty', excludeEmptyString: true }),
  approval_days: Yup.number().typeError(DAYS).integer(DAYS).min(1, DAYS).max(PRACTICE_LIMITS.approvalDaysMax, DAYS).required(DAYS),
});
type OrderingValues = Yup.InferType<typeof orderingSchema>;

function SwitchField({ name, label, description }: { name: 'po_required' | 'approvals_enabled'; label: string; description: string }) {
  const [field] = useField<boolean>({ name, type: 'checkbox' });
  return (
    <Box>
      <FormControlLabel control={<Switch {...field} checked={field.checked ?? false} />} label={label} />
      <Typography variant="body2" color="text.secondary" sx={{ ml: { xs: 0, sm: 6 } }}>
        {description}
      </Typography>
    </Box>
  );
}

/** The settings as a sentence each, for members who are not owners. */
function ReadOnly({ practice }: { practice: Practice }) {
  const approval = !practice.approvals_enabled
    ? 'Orders do not need an approval.'
    : `Assistants' orders${practice.approval_threshold === null ? '' : `, and purchasers' orders over ${money(practice.approval_threshold)},`} need an owner's approval; they expire after ${practice.approval_days} day${practice.approval_days === 1 ? '' : 's'} unless approved.`;
  return (
    <Stack spacing={1}>
      <Typography>{practice.po_required ? 'Every order needs a PO number.' : 'A PO number is optional.'}</Typography>
      <Typography>{approval}</Typography>
      <Typography variant="body2" color="text.secondary">
        Only an owner can change these settings.
      </Typography>
    </Stack>
  );
}

/**
 * Issue 36: the practice's ordering settings: PO numbers required or optional, and the approval
 * rule (assistants' orders, and purchasers' above an amount, wait for an owner; how many days).
 * Owners edit them; the others read them.
 */
export function PracticeOrdering({ practice }: { practice: Practice }) {
  const [update] = useUpdatePracticeMutation();
  const { enqueueSnackbar } = useSnackbar();
  const submit = async (values: OrderingValues) => {
    try {
      await update({
        po_required: values.po_required,
        approvals_enabled: values.approvals_enabled,
        approval_threshold: values.approval_threshold?.trim() || null,
        approval_days: Number(values.approval_days),
      }).unwrap();
      enqueueSnackbar(toastMessage('Ordering settings saved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not save the settings', apiMessage(error, 'Please try again.')), { variant: 'error' });
    }
  };
  return (
    <Card component="section" aria-labelledby="practice-ordering-heading">
      <CardContent>
        <Typography id="practice-ordering-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
          Ordering
        </Typography>
        {practice.payment_terms === 'invoice' ? (
          <Typography sx={{ mb: 2 }}>
            Paid by invoice, net {practice.net_days} days · credit limit {money(practice.credit_limit ?? '0')} · open balance {money(practice.open_balance ?? '0')}
          </Typography>
        ) : null}
        {practice.tax_exemption ? (
          <Typography sx={{ mb: 2 }} data-testid="practice-tax-exemption">
            {practice.tax_exempt_now
              ? `${taxExemptReason(practice.tax_exemption.certificate, practice.tax_exemption.valid_until)}: your orders carry no tax.`
              : `Your tax-exemption certificate ${practice.tax_exemption.certificate} expired on ${practice.tax_exemption.valid_until}: orders carry tax until DentalMarket records a new one.`}
          </Typography>
        ) : null}
        {practice.my_role !== 'owner' ? (
          <ReadOnly practice={practice} />
        ) : (
          <Formik
            initialValues={{
              po_required: practice.po_required,
              approvals_enabled: practice.approvals_enabled,
              approval_threshold: practice.approval_threshold ?? '',
              approval_days: practice.approval_days,
            }}
            validationSchema={orderingSchema}
            onSubmit={submit}
            enableReinitialize
          >
            {({ isSubmitting, dirty, values }) => (
              <Form noValidate aria-label="Ordering settings">
                <Stack spacing={2}>
                  <SwitchField name="po_required" label="Require a PO number on every order" description="Checkout asks every member for the practice's purchase-order number." />
                  <SwitchField
                    name="approvals_enabled"
                    label="Orders need an owner's approval"
                    description="Assistants' orders, and purchasers' orders over the amount below, wait for an owner to approve them before they are placed."
                  />
                  <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
                    <FormikTextField
                      name="approval_threshold"
                      label="Purchasers' orders over (USD)"
                      helperText="Empty: purchasers' orders never need approval"
                      inputMode="decimal"
                      disabled={!values.approvals_enabled}
                    />
                    <FormikTextField name="approval_days" label="Days an order may wait" type="number" inputMode="numeric" disabled={!values.approvals_enabled} />
                  </Box>
                  <Box>
                    <Button type="submit" variant="contained" disabled={isSubmitting || !dirty}>
                      {isSubmitting ? 'Saving...' : 'Save settings'}
                    </Button>
                  </Box>
                </Stack>
                <FocusFirstError />
              </Form>
            )}
          </Formik>
        )}
      </CardContent>
    </Card>
  );
}
