import { useId, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography, useMediaQuery } from '@mui/material';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useSnackbar } from 'notistack';
import { selectCurrentUser, useAppSelector, useCreateServiceRequestMutation } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { FormikDirtyState, useUnsavedChangesGuard } from '@dentalmarket/ui/unsaved';
import { FIELD_LABELS, refusedRequest } from './serviceRequestErrors.js';
import {
  getInitialValues,
  preferredDateRange,
  serviceRequestBody,
  validateServiceRequest,
  type ServerFieldErrors,
  type ServiceRequestValues,
} from './serviceRequestSchema.js';

/** Two columns from `sm` up; minmax(0, …) so a long value never widens the dialog. */
const fieldGrid = { display: 'grid', columnGap: 2, rowGap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, pt: 1 } as const;
const wide = { gridColumn: '1 / -1' } as const;

export interface ServiceRequestDialogProps {
  open: boolean;
  /** the service asked for */
  product: { id: number; name: string };
  onClose: () => void;
}

/**
 * Issue 21: the 'Request Service' dialog. Formik + Yup with the messages under the fields (as the
 * checkout form), prefilled for a signed-in shopper; POST /api/service-requests. Sent: the dialog
 * says so with the request's number (SR-…), which stays on screen until the shopper closes it (issue
 * 32: a guest saw it only in a 5-second toast, and a guest has nowhere else to find it). Refused: a 400's messages go under the fields they name, any
 * other refusal (429, a service gone, no connection) into the alert at the top, and what was typed
 * stays. With something typed, Cancel, Escape, a click outside and Back ask 'Discard changes?' first.
 * Full screen below 768 px (SPEC §9, as the product modal).
 */
export default function ServiceRequestDialog({ open, product, onClose }: ServiceRequestDialogProps) {
  const titleId = useId();
  // closed on the first render, and never noSsr (which would read the screen while hydrating)
  const phone = useMediaQuery('(max-width: 767.95px)', { noSsr: false });
  const user = useAppSelector(selectCurrentUser);
  const initialValues = useMemo(() => getInitialValues(user), [user]);
  const [createServiceRequest] = useCreateServiceRequestMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [alert, setAlert] = useState<string | null>(null);
  const [sent, setSent] = useState<{ number: string; email: string } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const serverErrors = useRef<ServerFieldErrors>({});
  const { min, max } = preferredDateRange();

  const close = () => {
    setAlert(null);
    setSent(null);
    onClose();
  };
  // issue 32: what the shopper typed is not thrown away by Cancel, Escape, a click outside or Back
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard({ open: open && !sent, dirty, onClose: close });

  const send = async (values: ServiceRequestValues, { setErrors, resetForm }: FormikHelpers<ServiceRequestValues>) => {
    setAlert(null);
    serverErrors.current = {};
    const result = await createServiceRequest(serviceRequestBody(product.id, values));
    if ('data' in result && result.data) {
      enqueueSnackbar(toastMessage('Service request sent', `We will contact you about ${result.data.number}.`), { variant: 'success' });
      setSent({ number: result.data.number, email: values.email.trim() });
      resetForm();
      return;
    }
    const refused = refusedRequest(result.error);
    serverErrors.current = Object.fromEntries(Object.entries(refused.fields).map(([field, message]) => [field, { message, value: values[field as keyof ServiceRequestValues] }]));
    setErrors(refused.fields);
    setAlert(refused.alert);
    // the alert is announced (role=alert) and takes focus, so a keyboard user starts from the reason;
    // a field's message is reached by FocusFirstError, which focuses the first field the server refused
    if (refused.alert) requestAnimationFrame(() => alertRef.current?.focus());
  };

  const field = (name: keyof ServiceRequestValues) => ({ name, id: `${titleId}-${name}`, label: FIELD_LABELS[name], fullWidth: true });

  if (sent) {
    return (
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Service request sent</DialogTitle>
        <DialogContent>
          <Alert severity="success" sx={{ mb: 2 }}>
            {'Your reference is '}
            <strong>{sent.number}</strong>
            {`. We will contact you about ${product.name} at ${sent.email}.`}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {user ? 'You will also find the request under Orders.' : 'Keep the reference: quote it when you call or write to us about this request.'}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={close} autoFocus>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <>
      <Dialog open={open} onClose={guard.requestClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={titleId}>
        <Formik initialValues={initialValues} validate={(values) => validateServiceRequest(values, serverErrors.current)} enableReinitialize onSubmit={send}>
          {({ isSubmitting }) => (
            // a flex column, so on a phone the fields scroll between the fixed title and buttons
            <Form noValidate style={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' }}>
              <FocusFirstError />
              <FormikDirtyState onChange={setDirty} />
              <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
                Request {product.name}
              </DialogTitle>
              <DialogContent dividers={phone}>
                {alert ? (
                  <Alert severity="error" ref={alertRef} tabIndex={-1} sx={{ mb: 2 }}>
                    {alert}
                  </Alert>
                ) : null}
                <Box sx={fieldGrid}>
                  <FormikTextField {...field('practice_name')} required autoComplete="organization" sx={wide} autoFocus />
                  <FormikTextField {...field('contact_name')} required autoComplete="name" />
                  <FormikTextField {...field('phone')} required type="tel" autoComplete="tel" inputMode="tel" />
                  <FormikTextField {...field('email')} required type="email" autoComplete="email" inputMode="email" sx={wide} />
                  <FormikTextField
                    {...field('preferred_date')}
                    type="date"
                    helperText="Optional"
                    sx={wide}
                    slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max } }}
                  />
                  <FormikTextField {...field('message')} multiline minRows={3} maxRows={8} helperText="Optional: what you need, and when you can be reached" sx={wide} />
                </Box>
              </DialogContent>
              <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button onClick={guard.requestClose} disabled={isSubmitting}>
                  Cancel
                </Button>
                <Button type="submit" variant="contained" disabled={isSubmitting}>
                  Send request
                </Button>
              </DialogActions>
            </Form>
          )}
        </Formik>
      </Dialog>
      {guard.discardDialog}
    </>
  );
}
