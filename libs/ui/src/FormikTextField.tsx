import { TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';

/**
 * A MUI TextField bound to a Formik field by `name`: the value, change and blur handlers, and the
 * field's message under it once the field was touched (on blur) or the form submitted.
 */
export function FormikTextField({ name, helperText, ...props }: TextFieldProps & { name: string }) {
  const [field, meta] = useField(name);
  const showError = Boolean(meta.touched && meta.error);
  return (
    <TextField
      {...field}
      value={field.value ?? ''}
      {...props}
      error={showError}
      helperText={showError ? meta.error : helperText}
      slotProps={{ ...props.slotProps, formHelperText: { ...(showError ? { role: 'alert' } : {}) } }}
    />
  );
}
