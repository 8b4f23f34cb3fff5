import { useState } from 'react';
import { Box, Button, InputAdornment, Stack, Typography } from '@mui/material';
import * as Yup from 'yup';
import { normalisePrice, SERVICE_REQUEST_LIMITS, SERVICE_REQUEST_TRANSITIONS, type ServiceRequest, type ServiceRequestStatus, type ServiceRequestStatusChange } from '@dentalmarket/contracts';
import { useChangeServiceRequestStatusMutation } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { adminErrorMessage } from '../../categories/adminErrors.js';
import { FormDialog } from '../../categories/FormDialog.js';
import { useAdminToast } from '../../categories/useAdminToast.js';
import { STATUS_LABELS, TRANSITION_LABELS } from './serviceRequestFormat.js';

const { noteMax } = SERVICE_REQUEST_LIMITS;
const noteRule = Yup.string().trim().max(noteMax, `Note must be at most ${noteMax.toLocaleString('en-US')} characters`);

/** A quote in dollars as the API takes it ('1200' or '1200.5'); '$1,200.00' is read the same. */
export const quoteSchema = Yup.object({
  amount: Yup.string()
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/[$,\s]/g, '') : value))
    .required('Amount is required')
    .matches(/^\d{1,8}(\.\d{1,2})?$/, 'Enter an amount in dollars, such as 1200.00'),
  note: noteRule,
});
/** Why a request was lost is optional; it goes to the requester with the change. */
const lostSchema = Yup.object({ note: noteRule });

const optional = (value?: string) => (value ? value : undefined);

/**
 * The workflow new → contacted → quoted (amount, note) → won | lost: a button for each change
 * SERVICE_REQUEST_TRANSITIONS allows from the request's status and no other. A refusal (409: the
 * request moved on elsewhere) is told in a toast with the server's message; the request is then
 * fetched afresh.
 */
export function ServiceRequestStatusActions({ request }: { request: ServiceRequest }) {
  const [changeStatus, { isLoading }] = useChangeServiceRequestStatusMutation();
  const toast = useAdminToast();
  const [asking, setAsking] = useState<'quoted' | 'lost' | null>(null);
  const next = SERVICE_REQUEST_TRANSITIONS[request.status].filter((status): status is Exclude<ServiceRequestStatus, 'new'> => status !== 'new');

  const change = async (body: ServiceRequestStatusChange): Promise<boolean> => {
    try {
      await changeStatus({ number: request.number, ...body }).unwrap();
      toast.success('Service request updated', `${request.number} is now ${STATUS_LABELS[body.status].toLowerCase()}.`);
      return true;
    } catch (error) {
      toast.failure(adminErrorMessage(error, 'Failed to update the service request'));
      // the dialog closes either way: after a 409 its question no longer applies to the request as it is now
      setAsking(null);
      return false;
    }
  };
  const choose = (status: Exclude<ServiceRequestStatus, 'new'>) => (status === 'quoted' || status === 'lost' ? setAsking(status) : void change({ status }));

  return (
    <Box component="section" aria-label="Status">
      {next.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {next.map((status) => (
            <Button
              key={status}
              variant={status === 'lost' ? 'outlined' : 'contained'}
              color={status === 'lost' ? 'error' : 'primary'}
              disabled={isLoading}
              onClick={() => choose(status)}
            >
              {TRANSITION_LABELS[status]}
            </Button>
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">No further status changes.</Typography>
      )}
      <FormDialog
        open={asking === 'quoted'}
        title={`Send quote for ${request.number}`}
        submitLabel="Send quote"
        initialValues={{ amount: '', note: '' }}
        validationSchema={quoteSchema}
        onSubmit={(values) => change({ status: 'quoted', amount: normalisePrice(values.amount), note: optional(values.note) })}
        onClose={() => setAsking(null)}
      >
        <FormikTextField
          name="amount"
          label="Amount"
          required
          fullWidth
          autoFocus
          inputMode="decimal"
          helperText="In US dollars, such as 1200.00"
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <FormikTextField name="note" label="Note (optional)" helperText="Sent to the requester with the quote" fullWidth multiline minRows={2} />
      </FormDialog>
      <FormDialog
        open={asking === 'lost'}
        title={`Mark ${request.number} lost`}
        submitLabel="Mark lost"
        initialValues={{ note: '' }}
        validationSchema={lostSchema}
        onSubmit={(values) => change({ status: 'lost', note: optional(values.note) })}
        onClose={() => setAsking(null)}
      >
        <FormikTextField name="note" label="Note (optional)" helperText="Why, for the requester" fullWidth multiline minRows={2} autoFocus />
      </FormDialog>
    </Box>
  );
}
