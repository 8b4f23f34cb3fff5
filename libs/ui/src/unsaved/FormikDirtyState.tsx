import { useEffect } from 'react';
import { useFormikContext } from 'formik';

/**
 * Tells the dialog around a Formik form whether the form holds unsaved changes. The dialog's close
 * handlers sit outside <Formik>, which stays inside the dialog so that every opening starts afresh.
 * Render it inside the form.
 */
export function FormikDirtyState({ onChange }: { onChange: (dirty: boolean) => void }) {
  const { dirty } = useFormikContext();
  useEffect(() => onChange(dirty), [dirty, onChange]);
  // the form goes when the dialog closes: the next opening starts without changes
  useEffect(() => () => onChange(false), [onChange]);
  return null;
}
