import { Typography } from '@mui/material';
import type { WebhookEndpointWithSecret } from '@dentalmarket/contracts';
import { SecretOnceDialog, type SecretDialogText } from './SecretOnceDialog.js';
import { previousWebhookSecretText } from './webhookFormat.js';

export const WEBHOOK_SECRET_TITLES = { created: 'Your endpoint’s signing secret', rotated: 'Your new signing secret' } as const;

/** A signing secret the API just sent, after a create or a rotation. */
export interface IssuedWebhookSecret extends WebhookEndpointWithSecret {
  kind: 'created' | 'rotated';
}

const describe = ({ kind, endpoint }: Omit<IssuedWebhookSecret, 'secret'>): SecretDialogText => ({
  title: WEBHOOK_SECRET_TITLES[kind],
  fieldLabel: 'Signing secret',
  intro: `This signing secret is shown once. The software receiving ${endpoint.url} checks each delivery’s “webhook-signature” header with it (Standard Webhooks).`,
  after:
    kind === 'rotated' ? <Typography sx={{ overflowWrap: 'anywhere' }}>{previousWebhookSecretText(endpoint, Date.now()) ?? 'The previous secret no longer signs deliveries.'}</Typography> : null,
});

/** A webhook endpoint's signing secret, shown once after a create or a rotation (SecretOnceDialog). */
export function WebhookSecretDialog({ issued, onDone }: { issued: IssuedWebhookSecret | null; onDone: () => void }) {
  return <SecretOnceDialog issued={issued} describe={describe} onDone={onDone} />;
}
