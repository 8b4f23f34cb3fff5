import { useId, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { Form, Formik, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';

export interface FormDialogProps<V extends FormikValues> {
  open: boolean;
  title: string;
  submitLabel: string;
  /** the closing button's words, when 'Cancel' would be ambiguous (the 'Cancel order' dialog) */
  cancelLabel?: string;
  initialValues: V;
  validationSchema: AnyObjectSchema;
  /** resolves true when saved: the dialog then resets its form and closes (SPEC §4) */
  onSubmit: (values: V) => Promise<boolean>;
  onClose: () => void;
  children: ReactNode;
}

/** The create/edit dialog frame shared by categories and subcategories: a Formik form, Cancel and submit. */
export function FormDialog<V extends FormikValues>({ open, title, submitLabel, cancelLabel = 'Cancel', initialValues, validationSchema, onSubmit, onClose, children }: FormDialogProps<V>) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Formik<V>
        initialValues={initialValues}
        validationSchema={validationSchema}
        enableReinitialize
        onSubmit={async (values, helpers) => {
          if (await onSubmit(validationSchema.cast(values) as V)) {
            helpers.resetForm();
            onClose();
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id={titleId}>{title}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                {children}
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={isSubmitting}>
                {cancelLabel}
              </Button>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {submitLabel}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
