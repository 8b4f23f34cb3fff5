import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import * as Yup from 'yup';
import { type Practice } from '@dentalmarket/contracts';
import { PRACTICE_LIMITS } from '@dentalmarket/contracts/practices';
import { toastMessage } from '@dentalmarket/ui';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { useUpdatePracticeMutation } from './practiceApi.js';
import { apiMessage } from './practiceMessages.js';

export const detailsSchema = Yup.object({
  name: Yup.string().trim().required('Practice name is required').max(PRACTICE_LIMITS.nameMax, `At most ${PRACTICE_LIMITS.nameMax} characters`),
  phone: Yup.string()
    .trim()
    .max(PRACTICE_LIMITS.phoneMax, `At most ${PRACTICE_LIMITS.phoneMax} characters`)
    .matches(/^[+0-9 ()./-]{3,}$/, { message: 'Enter a phone number (digits, spaces, + ( ) . / -)', excludeEmptyString: true }),
  tax_id: Yup.string().trim().max(PRACTICE_LIMITS.taxIdMax, `At most ${PRACTICE_LIMITS.taxIdMax} characters`),
});

type DetailsValues = Yup.InferType<typeof detailsSchema>;

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography>{value || 'Not given'}</Typography>
    </Box>
  );
}

/** The practice's name, phone and tax id: a form for owners, read only for the others. */
export function PracticeDetails({ practice }: { practice: Practice }) {
  const [update] = useUpdatePracticeMutation();
  const { enqueueSnackbar } = useSnackbar();
  const owner = practice.my_role === 'owner';
  const submit = async (values: DetailsValues) => {
    try {
      await update({ name: values.name.trim(), phone: values.phone?.trim() || null, tax_id: values.tax_id?.trim() || null }).unwrap();
      enqueueSnackbar(toastMessage('Practice updated'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not update the practice', apiMessage(error, 'Please try again.')), { variant: 'error' });
    }
  };
  return (
    <Card component="section" aria-labelledby="practice-details-heading">
      <CardContent>
        <Typography id="practice-details-heading" variant="h3" component="h2" sx={{ mb: 2 }}>
          Details
        </Typography>
        {owner ? (
          <Formik
            initialValues={{ name: practice.name, phone: practice.phone ?? '', tax_id: practice.tax_id ?? '' }}
            validationSchema={detailsSchema}
            onSubmit={submit}
            enableReinitialize
          >
            {({ isSubmitting, dirty }) => (
              <Form noValidate aria-label="Practice details">
                <Stack spacing={2}>
                  <FormikTextField name="name" label="Practice name" autoComplete="organization" fullWidth />
                  <FormikTextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" fullWidth />
                  <FormikTextField name="tax_id" label="Tax ID (optional)" fullWidth />
                  <Box>
                    <Button type="submit" variant="contained" disabled={isSubmitting || !dirty}>
                      {isSubmitting ? 'Saving...' : 'Save details'}
                    </Button>
                  </Box>
                </Stack>
                <FocusFirstError />
              </Form>
            )}
          </Formik>
        ) : (
          <Stack spacing={1.5}>
            <Detail label="Practice name" value={practice.name} />
            <Detail label="Phone" value={practice.phone} />
            <Detail label="Tax ID" value={practice.tax_id} />
            <Typography variant="body2" color="text.secondary">
              Only an owner can change these details.
            </Typography>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
