import { useId, useRef } from 'react';
import { Box, MenuItem, Typography } from '@mui/material';
// the shared facade carries the first pages' components only: the choice controls come by their paths
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useField, useFormikContext } from 'formik';
import type { ApiKeyScope, ApiKeyWithSecret } from '@dentalmarket/contracts';
import { API_KEY_LIMITS, API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '@dentalmarket/contracts/api-keys';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { FormDialog } from '../categories/FormDialog.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { apiKeySchema, dayString, EXPIRY_CHOICES, expiryOf, initialApiKeyValues, toCreateRequest, type ApiKeyValues } from './apiKeySchema.js';
import { formatDateTime } from './integrationFormat.js';
import { useSecretIssuingCalls } from './useSecretIssuingCalls.js';

/** `errorId`: the group's message while it has one, which marks each box invalid (and so the first one is focused after the submit). */
function ScopeCheckbox({ scope, errorId }: { scope: ApiKeyScope; errorId: string | null }) {
  // Formik keeps a checkbox named like an array field in that array, by its value
  const [field] = useField({ name: 'scopes', type: 'checkbox', value: scope });
  return (
    <FormControlLabel
      control={<Checkbox {...field} slotProps={{ input: errorId ? { 'aria-invalid': true, 'aria-describedby': errorId } : {} }} />}
      // the box sits by the first line of a label that wraps
      sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { pt: '9px' } }}
      label={
        <>
          <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.9rem', fontWeight: 600 }}>
            {scope}
          </Box>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {API_KEY_SCOPE_LABELS[scope]}
          </Typography>
        </>
      }
    />
  );
}

/** The scopes as a group of checkboxes; 'Choose at least one scope' once a submit found none. */
function ScopeChoices() {
  const { errors, submitCount } = useFormikContext<ApiKeyValues>();
  const error = submitCount > 0 && typeof errors.scopes === 'string' ? errors.scopes : null;
  const errorId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend">Scopes</FormLabel>
      <Typography variant="body2" color="text.secondary">
        What software using the key may do.
      </Typography>
      <FormGroup>
        {API_KEY_SCOPES.map((scope) => (
          <ScopeCheckbox key={scope} scope={scope} errorId={error ? errorId : null} />
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

/** When the key stops working, and for a span the day that makes; a chosen day has a date field of its own. */
function ExpiryFields() {
  const { values } = useFormikContext<ApiKeyValues>();
  const expires = values.expiry === 'date' ? null : expiryOf(values, new Date());
  return (
    <>
      <FormikTextField name="expiry" label="Expiry" select fullWidth helperText={values.expiry === 'never' ? 'It works until it is revoked.' : expires ? `It stops working on ${formatDateTime(expires.toISOString())}.` : undefined}>
        {EXPIRY_CHOICES.map(({ value, label }) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </FormikTextField>
      {values.expiry === 'date' ? (
        <FormikTextField
          name="expiryDate"
          label="Expiry day"
          type="date"
          required
          fullWidth
          helperText="It works until the end of that day."
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dayString(new Date()) } }}
        />
      ) : null}
    </>
  );
}

export interface CreateApiKeyDialogProps {
  open: boolean;
  /** closes the dialog, with the key it made and its secret, or null when none was made */
  onClose: (created: ApiKeyWithSecret | null) => void;
}

/**
 * 'Create API key': a name, the scopes and an expiry. With typed changes, Cancel, Escape and a click
 * outside ask 'Discard changes?' first (FormDialog). A refused create keeps the dialog and what was
 * typed, and says why in a toast.
 */
export function CreateApiKeyDialog({ open, onClose }: CreateApiKeyDialogProps) {
  const { createApiKey } = useSecretIssuingCalls();
  const toast = useAdminToast();
  // the answer waits here only until the dialog closes, so the card opens the secret's dialog in the same render as this one closes
  const created = useRef<ApiKeyWithSecret | null>(null);

  const submit = async (values: ApiKeyValues) => {
    try {
      created.current = await createApiKey(toCreateRequest(values, new Date()));
      toast.success('API key created', `"${created.current.key.name}" was created. Copy its secret now.`);
      return true;
    } catch (error) {
      toast.failure(`Failed to create API key: ${adminErrorMessage(error, 'Unexpected error')}`);
      return false;
    }
  };
  const close = () => {
    const answer = created.current;
    created.current = null;
    onClose(answer);
  };

  return (
    <FormDialog open={open} title="Create API key" submitLabel="Create key" initialValues={initialApiKeyValues} validationSchema={apiKeySchema} onSubmit={submit} onClose={close}>
      <FocusFirstError />
      <FormikTextField name="name" label="Name" required fullWidth autoFocus helperText={`What uses it, e.g. "Stock sync (production)". Up to ${API_KEY_LIMITS.nameMax} characters.`} />
      <ScopeChoices />
      <ExpiryFields />
    </FormDialog>
  );
}
