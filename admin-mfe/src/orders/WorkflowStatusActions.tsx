import { useState, type ReactNode } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import type { FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { FormDialog } from '../categories/FormDialog.js';
import { useAdminToast } from '../categories/useAdminToast.js';

/** A change that asks first (shipping, a quote, a cancellation): a dialog whose answers complete it. */
export interface StatusQuestion<C, V extends FormikValues = FormikValues> {
  title: string;
  submitLabel: string;
  /** the closing button's words, when 'Cancel' would be ambiguous */
  cancelLabel?: string;
  initialValues: V;
  validationSchema: AnyObjectSchema;
  // a method, so a question typed by its own values still fits the map of a workflow's questions
  toChange(values: V): C;
  /** the dialog's fields */
  fields: ReactNode;
}

/** A question typed by its own values (inferred here), for a workflow's map of questions. */
export const statusQuestion = <C, V extends FormikValues>(question: StatusQuestion<C, V>): StatusQuestion<C> => question;

/** An optional text field's answer as the API takes it: left out when blank. */
export const optional = (value?: string) => (value ? value : undefined);

/**
 * T: the statuses a button leads to; C: the change a question's answers make (the status with what
 * the workflow lets it carry), so the mutation takes either.
 */
export interface WorkflowStatusActionsProps<T extends string, C extends { status: string }> {
  /** the record's number ('DM-…', 'SR-…') */
  number: string;
  /** the statuses the workflow's transitions allow from the record's status, in their order */
  next: readonly T[];
  /** the button that moves the record to each status */
  transitionLabels: Record<T, string>;
  /** each status as the admin reads it: the toast says what the record now is */
  statusLabels: Record<T | C['status'], string>;
  /** the change that ends the workflow unfulfilled (cancelled, lost): an outlined red button */
  ending: T;
  /** the changes that ask first, by the status they lead to; the others are made at once */
  questions: Partial<Record<T, StatusQuestion<C>>>;
  /** the workflow's status-change mutation, as its RTK Query hook returns it */
  mutation: readonly [(change: { number: string } & (C | { status: T })) => { unwrap(): Promise<unknown> }, { isLoading: boolean }];
  /** the toast's title once a change is made ('Order Updated') */
  updatedTitle: string;
  /** the toast's message when a change fails and the server gave none */
  failureFallback: string;
}

/**
 * A status workflow's buttons (orders, service requests): one for each change the workflow's
 * transitions allow from the record's status and no other. A refusal (409: the record moved on
 * elsewhere) is told in a toast with the server's message; the mutation's invalidation then fetches
 * the record afresh.
 */
export function WorkflowStatusActions<T extends string, C extends { status: string }>({
  number,
  next,
  transitionLabels,
  statusLabels,
  ending,
  questions,
  mutation: [changeStatus, { isLoading }],
  updatedTitle,
  failureFallback,
}: WorkflowStatusActionsProps<T, C>) {
  const toast = useAdminToast();
  const [asking, setAsking] = useState<T | null>(null);

  const change = async (body: C | { status: T }): Promise<boolean> => {
    try {
      await changeStatus({ number, ...body }).unwrap();
      toast.success(updatedTitle, `${number} is now ${statusLabels[body.status].toLowerCase()}.`);
      return true;
    } catch (error) {
      toast.failure(adminErrorMessage(error, failureFallback));
      // the dialog closes either way: after a 409 its question no longer applies to the record as it is now
      setAsking(null);
      return false;
    }
  };
  const choose = (status: T) => (questions[status] ? setAsking(status) : void change({ status }));

  return (
    <Box component="section" aria-label="Status">
      {next.length ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {next.map((status) => (
            <Button
              key={status}
              variant={status === ending ? 'outlined' : 'contained'}
              color={status === ending ? 'error' : 'primary'}
              disabled={isLoading}
              onClick={() => choose(status)}
            >
              {transitionLabels[status]}
            </Button>
          ))}
        </Stack>
      ) : (
        <Typography color="text.secondary">No further status changes.</Typography>
      )}
      {(Object.entries(questions) as Array<[T, StatusQuestion<C>]>).map(([status, { fields, toChange, ...dialog }]) => (
        <FormDialog key={status} {...dialog} open={asking === status} onSubmit={(values) => change(toChange(values))} onClose={() => setAsking(null)}>
          {fields}
        </FormDialog>
      ))}
    </Box>
  );
}
