import { InputAdornment } from '@mui/material';
import * as Yup from 'yup';
import { normalisePrice, SERVICE_REQUEST_LIMITS, SERVICE_REQUEST_TRANSITIONS, type ServiceRequest, type ServiceRequestStatus, type ServiceRequestStatusChange } from '@dentalmarket/contracts';
import { useChangeServiceRequestStatusMutation } from '@dentalmarket/store';
import { FormikTextField } from '@dentalmarket/ui/forms';
import { optional, statusQuestion, WorkflowStatusActions } from '../WorkflowStatusActions.js';
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

/** The request's questions: their titles name it. */
const questions = (number: string) => ({
  quoted: statusQuestion<ServiceRequestStatusChange, { amount: string; note: string }>({
    title: `Send quote for ${number}`,
    submitLabel: 'Send quote',
    initialValues: { amount: '', note: '' },
    validationSchema: quoteSchema,
    toChange: (values) => ({ status: 'quoted', amount: normalisePrice(values.amount), note: optional(values.note) }),
    fields: (
      <>
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
      </>
    ),
  }),
  lost: statusQuestion<ServiceRequestStatusChange, { note: string }>({
    title: `Mark ${number} lost`,
    submitLabel: 'Mark lost',
    initialValues: { note: '' },
    validationSchema: lostSchema,
    toChange: (values) => ({ status: 'lost', note: optional(values.note) }),
    fields: <FormikTextField name="note" label="Note (optional)" helperText="Why, for the requester" fullWidth multiline minRows={2} autoFocus />,
  }),
});

/**
 * The workflow new → contacted → quoted (amount, note) → won | lost: a button for each change
 * SERVICE_REQUEST_TRANSITIONS allows from the request's status (none leads back to new); a quote asks
 * for its amount and note, a loss for an optional note.
 */
export function ServiceRequestStatusActions({ request }: { request: ServiceRequest }) {
  return (
    <WorkflowStatusActions
      number={request.number}
      next={SERVICE_REQUEST_TRANSITIONS[request.status].filter((status): status is Exclude<ServiceRequestStatus, 'new'> => status !== 'new')}
      transitionLabels={TRANSITION_LABELS}
      statusLabels={STATUS_LABELS}
      ending="lost"
      questions={questions(request.number)}
      mutation={useChangeServiceRequestStatusMutation()}
      updatedTitle="Service request updated"
      failureFallback="Failed to update the service request"
    />
  );
}
