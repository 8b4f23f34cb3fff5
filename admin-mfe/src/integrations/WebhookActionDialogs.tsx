import { useState } from 'react';
import { Stack } from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '@dentalmarket/contracts';
import { WEBHOOK_LIMITS } from '@dentalmarket/contracts/webhooks';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { GraceChoices, QuestionDialog, useGraceHours } from './QuestionDialog.js';
import { useSecretIssuingCalls } from './useSecretIssuingCalls.js';
import { ROTATE_GRACE_DEFAULT_HOURS } from './webhookFormat.js';
import { useDeleteWebhookMutation } from './webhooksApi.js';

export const deleteWebhookQuestion = (url: string) => `Delete the endpoint ${url}? No more events are sent to it. This cannot be undone.`;

/** 'Delete': asks, naming the endpoint's URL. A refusal keeps the question open and says why in a toast. */
export function DeleteWebhookDialog({ target, onClose, onDeleted }: { target: WebhookEndpoint | null; onClose: () => void; onDeleted: (endpoint: WebhookEndpoint) => void }) {
  const [remove, { isLoading }] = useDeleteWebhookMutation();
  const toast = useAdminToast();
  const confirm = async () => {
    if (!target) return;
    try {
      await remove(target.id).unwrap();
      toast.success('Webhook endpoint deleted', `No more events go to ${target.url}.`);
      onDeleted(target);
      onClose();
    } catch (error) {
      toast.failure(`Failed to delete the webhook endpoint: ${adminErrorMessage(error, 'Unexpected error')}`);
    }
  };
  return (
    <QuestionDialog target={target} title="Delete webhook endpoint" actionLabel="Delete" actionColor="error" busy={isLoading} onAction={() => void confirm()} onClose={onClose}>
      {(endpoint, textId) => (
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          {deleteWebhookQuestion(endpoint.url)}
        </DialogContentText>
      )}
    </QuestionDialog>
  );
}

/**
 * 'Rotate secret': a new signing secret, and how long the previous one also signs the deliveries
 * (Standard Webhooks sends a signature per secret), so the receiver can change over. A day by
 * default; 'At once' for a secret that leaked. The new secret goes to `onRotated`, which shows it;
 * a refusal keeps the dialog open and says why in a toast.
 */
export function RotateWebhookSecretDialog({ target, onClose, onRotated }: { target: WebhookEndpoint | null; onClose: () => void; onRotated: (rotated: WebhookEndpointWithSecret) => void }) {
  const { rotateWebhookSecret } = useSecretIssuingCalls();
  const toast = useAdminToast();
  const [busy, setBusy] = useState(false);
  const [grace, setGrace] = useGraceHours(target, ROTATE_GRACE_DEFAULT_HOURS);

  const rotate = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const rotated = await rotateWebhookSecret(target.id, grace);
      toast.success('Signing secret rotated', `${target.url} has a new signing secret.`);
      onRotated(rotated);
    } catch (error) {
      toast.failure(`Failed to rotate the signing secret: ${adminErrorMessage(error, 'Unexpected error')}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <QuestionDialog target={target} title="Rotate signing secret" actionLabel="Rotate secret" actionColor="primary" busy={busy} onAction={() => void rotate()} onClose={onClose}>
      {(endpoint, textId) => (
        <Stack spacing={2}>
          <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
            {`${endpoint.url} gets a new signing secret, shown once. Until the current secret stops, each delivery is signed with both, so the receiver can change over.`}
            {/* the API keeps one previous secret at most: a second rotation within the grace drops the older one */}
            {endpoint.previous_secret_expires_at && Date.parse(endpoint.previous_secret_expires_at) > Date.now() ? ' The secret it replaced last time stops signing at once.' : null}
          </DialogContentText>
          <GraceChoices legend="The current secret stops signing" value={grace} onChange={setGrace} maxHours={WEBHOOK_LIMITS.rotateGraceHoursMax} />
        </Stack>
      )}
    </QuestionDialog>
  );
}
