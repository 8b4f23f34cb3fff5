import type { ChangeEvent } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { useField } from 'formik';

export type FormikTextFieldProps = TextFieldProps & {
  name: string;
  /** rewrites what is typed before it is stored, e.g. keeping digits only */
  transform?: (value: string) => string;
  /** the on-screen keyboard a phone shows (numeric, email…) */
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'tel' | 'url' | 'search';
};

/**
 * A MUI TextField bound to a Formik field by `name`: the value, change and blur handlers, and the
 * field's message under it once the field was touched (on blur) or the form submitted. The message's
 * line is always there (a blank one without a message), so a message appearing on blur never moves
 * what is below, e.g. the submit button the pointer is on its way to.
 */
export function FormikTextField({ name, helperText, transform, inputMode, slotProps, ...props }: FormikTextFieldProps) {
  const [field, meta, helpers] = useField<string>(name);
  const showError = Boolean(meta.touched && meta.error);
  const onChange = transform
    ? (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void helpers.setValue(transform(event.target.value))
    : field.onChange;
  return (
    <TextField
      {...field}
      onChange={onChange}
      value={field.value ?? ''}
      {...props}
      error={showError}
      helperText={showError ? meta.error : (helperText ?? ' ')}
      slotProps={{
        ...slotProps,
        htmlInput: { ...(slotProps?.htmlInput as object), ...(inputMode ? { inputMode } : {}) },
        formHelperText: { ...(showError ? { role: 'alert' } : {}) },
      }}
    />
  );
}
