import { useId } from 'react';
import { Box, Typography } from '@mui/material';
// the shared facade carries the first pages' components only: the choice controls come by their paths
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useField, useFormikContext, type FormikValues } from 'formik';

/** `errorId`: the group's message while it has one, which marks each box invalid (and so the first one is focused after the submit). */
function ChoiceCheckbox({ name, value, text, errorId }: { name: string; value: string; text: string; errorId: string | null }) {
  // Formik keeps a checkbox named like an array field in that array, by its value
  const [field] = useField({ name, type: 'checkbox', value });
  return (
    <FormControlLabel
      control={<Checkbox {...field} slotProps={{ input: errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {} }} />}
      // the box sits by the first line of a label that wraps
      sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: '9px' } }}
      label={
        <>
          <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.9rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {text}
          </Typography>
        </>
      }
    />
  );
}

/** 'Select all' over the group: ticked when every choice is, half-ticked when some are; a click ticks them all, or none when all were. */
function SelectAll({ name, choices }: { name: string; choices: readonly string[] }) {
  const [field, , helpers] = useField<string[]>(name);
  const ticked = field.value.length;
  const all = ticked === choices.length;
  return (
    <FormControlLabel
      control={<Checkbox checked={all} indeterminate={ticked > 0 && !all} onChange={() => void helpers.setValue(all ? [] : [...choices])} />}
      label="Select all"
      sx={{ mr: 0 }}
    />
  );
}

/**
 * A form's array field as a group of checkboxes, each choice by its name (monospace) and what it
 * means, with 'Select all' above them when asked. The field's message ('Choose at least one scope')
 * shows once a submit found it, and marks every box invalid.
 */
export function CheckboxChoices<V extends string>({ name, legend, hint, choices, texts, selectAll = false }: { name: string; legend: string; hint: string; choices: readonly V[]; texts: Record<V, string>; selectAll?: boolean }) {
  const { errors, submitCount } = useFormikContext<FormikValues>();
  const fieldError: unknown = errors[name];
  const error = submitCount > 0 && typeof fieldError === 'string' ? fieldError : null;
  const errorId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend">{legend}</FormLabel>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
      {selectAll ? <SelectAll name={name} choices={choices} /> : null}
      <FormGroup sx={selectAll ? { pl: { xs: 2, sm: 3 } } : undefined}>
        {choices.map((choice) => (
          <ChoiceCheckbox key={choice} name={name} value={choice} text={texts[choice]} errorId={error ? errorId : null} />
        ))}
      </FormGroup>
      {error ? (
        <FormHelperText id={errorId} role="alert" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
