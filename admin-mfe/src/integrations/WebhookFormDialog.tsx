import { useMemo, useRef } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useField } from 'formik';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@dentalmarket/contracts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_LIMITS } from '@dentalmarket/contracts/webhooks';
import { FocusFirstError, FormikTextField } from '@dentalmarket/ui/forms';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { FormDialog } from '../categories/FormDialog.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { CheckboxChoices } from './CheckboxChoices.js';
import { useSecretIssuingCalls } from './useSecretIssuingCalls.js';
import { initialWebhookValues, toCreateWebhookRequest, toUpdateWebhookRequest, webhookSchema, webhookValues, type WebhookValues } from './webhookSchema.js';
import { useUpdateWebhookMutation } from './webhooksApi.js';

function EnabledSwitch() {
  const [field] = useField({ name: 'enabled', type: 'checkbox' });
  return <FormControlLabel control={<Switch {...field} />} label="Enabled: events are sent to it" sx={{ mr: 0 }} />;
}

export interface WebhookFormDialogProps {
  open: boolean;
  /** the endpoint to edit; null: a new one */
  endpoint: WebhookEndpoint | null;
  /** closes the dialog, with the endpoint it made and its secret, or null when none was made (an edit, a cancel) */
  onClose: (created: WebhookEndpointWithSecret | null) => void;
}

/**
 * 'Add endpoint' and 'Edit': the URL, a description, the events and whether it is enabled. An edit
 * sends only the fields changed. With typed changes, Cancel, Escape and a click outside ask 'Discard
 * changes?' first (FormDialog). A refused save keeps the dialog and what was typed, and says why in
 * a toast, with the API's own words ('url must be an https:// URL that resolves to a public address').
 */
export function WebhookFormDialog({ open, endpoint, onClose }: WebhookFormDialogProps) {
  const { createWebhook } = useSecretIssuingCalls();
  const [update] = useUpdateWebhookMutation();
  const toast = useAdminToast();
  // the answer waits here only until the dialog closes, so the card opens the secret's dialog in the same render as this one closes
  const created = useRef<WebhookEndpointWithSecret | null>(null);
  const initialValues = useMemo(() => (endpoint ? webhookValues(endpoint) : initialWebhookValues), [endpoint]);

  const submit = async (values: WebhookValues) => {
    if (!endpoint) {
      try {
        created.current = await createWebhook(toCreateWebhookRequest(values));
        toast.success('Webhook endpoint added', `Events go to ${created.current.endpoint.url}. Copy its signing secret now.`);
        return true;
      } catch (error) {
        toast.failure(`Failed to add the webhook endpoint: ${adminErrorMessage(error, 'Unexpected error')}`);
        return false;
      }
    }
    const change = toUpdateWebhookRequest(values, endpoint);
    if (Object.keys(change).length === 0) return true;
    try {
      const saved = await update({ id: endpoint.id, ...change }).unwrap();
      toast.success('Webhook endpoint saved', saved?.url ?? change.url ?? endpoint.url);
      return true;
    } catch (error) {
      toast.failure(`Failed to save the webhook endpoint: ${adminErrorMessage(error, 'Unexpected error')}`);
      return false;
    }
  };
  const close = () => {
    const answer = created.current;
    created.current = null;
    onClose(answer);
  };

  return (
    <FormDialog
      open={open}
      title={endpoint ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      submitLabel={endpoint ? 'Save changes' : 'Add endpoint'}
      initialValues={initialValues}
      validationSchema={webhookSchema}
      onSubmit={submit}
      onClose={close}
    >
      <FocusFirstError />
      <FormikTextField
        name="url"
        label="URL"
        type="url"
        inputMode="url"
        required
        fullWidth
        autoFocus
        helperText="Where the shop POSTs each event: an https:// address the internet can reach."
        slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
      />
      <FormikTextField name="description" label="Description" fullWidth helperText={`What receives the events, e.g. "Stock sync at the supplier". Up to ${WEBHOOK_LIMITS.descriptionMax} characters.`} />
      <CheckboxChoices name="events" legend="Events" hint="What the endpoint is told about." choices={WEBHOOK_EVENT_TYPES} texts={WEBHOOK_EVENT_LABELS} selectAll />
      <EnabledSwitch />
    </FormDialog>
  );
}
