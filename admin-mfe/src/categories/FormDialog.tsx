import { useId, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { Form, Formik, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { FormikDirtyState, useUnsavedChangesGuard } from '@dentalmarket/ui/unsaved';

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

/**
 * The create/edit dialog frame shared by categories, subcategories and the order status questions: a
 * Formik form, Cancel and submit. With unsaved changes, Cancel, Escape, a click outside and a route
 * change ask 'Discard changes?' first (issue 32).
 */
export function FormDialog<V extends FormikValues>({ open, title, submitLabel, cancelLabel = 'Cancel', initialValues, validationSchema, onSubmit, onClose, children }: FormDialogProps<V>) {
  const titleId = useId();
  const [dirty, setDirty] = useState(false);
  const guard = useUnsavedChangesGuard({ open, dirty, onClose });
  return (
    <>
      <Dialog open={open} onClose={guard.requestClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
        <Formik<V>
          initialValues={initialValues}
          validationSchema={validationSchema}
          enableReinitialize
          onSubmit={async (values, helpers) => {
            if (await onSubmit(validationSchema.cast(values) as V)) {
              helpers.resetForm();
              guard.closeAfterSave();
            }
          }}
        >
          {({ isSubmitting }) => (
            <Form noValidate>
              <FormikDirtyState onChange={setDirty} />
              <DialogTitle id={titleId}>{title}</DialogTitle>
              <DialogContent>
                <Stack spacing={2} sx={{ pt: 1 }}>
                  {children}
                </Stack>
              </DialogContent>
              <DialogActions>
                <Button onClick={guard.requestClose} disabled={isSubmitting}>
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
      {guard.discardDialog}
    </>
  );
}
