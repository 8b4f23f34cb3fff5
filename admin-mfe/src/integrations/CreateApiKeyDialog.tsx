import { useRef } from 'react';
import { MenuItem } from '@mui/material';
import { useFormikContext } from 'formik';
import type { ApiKeyWithSecret } from '@dentalmarket/contracts';
import { API_KEY_LIMITS, API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '@dentalmarket/contracts/api-keys';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { FormDialog } from '../categories/FormDialog.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { apiKeySchema, dayString, EXPIRY_CHOICES, expiryOf, initialApiKeyValues, toCreateRequest, type ApiKeyValues } from './apiKeySchema.js';
import { CheckboxChoices } from './CheckboxChoices.js';
import { formatDateTime } from './integrationFormat.js';
import { useSecretIssuingCalls } from './useSecretIssuingCalls.js';

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
      {/* 'Choose at least one scope' once a submit found none */}
      <CheckboxChoices name="scopes" legend="Scopes" hint="What software using the key may do." choices={API_KEY_SCOPES} texts={API_KEY_SCOPE_LABELS} />
      <ExpiryFields />
    </FormDialog>
  );
}
