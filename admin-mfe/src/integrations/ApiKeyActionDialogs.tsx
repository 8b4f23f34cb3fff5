import { useState } from 'react';
import { Stack } from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';
import type { ApiKey, ApiKeyWithSecret } from '@dentalmarket/contracts';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { useRevokeApiKeyMutation } from './integrationsApi.js';
import { ROLL_GRACE_CHOICES } from './apiKeyFormat.js';
import { GraceChoices, QuestionDialog, useGraceHours } from './QuestionDialog.js';
import { useSecretIssuingCalls } from './useSecretIssuingCalls.js';

export const revokeQuestion = (name: string) => `Revoke "${name}"? Software using it stops working at once.`;

/** 'Revoke': asks, naming the key; the key stops working at once. A refusal keeps the question open and says why in a toast. */
export function RevokeApiKeyDialog({ target, onClose, onRevoked }: { target: ApiKey | null; onClose: () => void; onRevoked: (key: ApiKey) => void }) {
  const [revoke, { isLoading }] = useRevokeApiKeyMutation();
  const toast = useAdminToast();
  const confirm = async () => {
    if (!target) return;
    try {
      await revoke(target.id).unwrap();
      toast.success('API key revoked', `"${target.name}" no longer works.`);
      onRevoked(target);
      onClose();
    } catch (error) {
      toast.failure(`Failed to revoke API key: ${adminErrorMessage(error, 'Unexpected error')}`);
    }
  };
  return (
    <QuestionDialog target={target} title="Revoke API key" actionLabel="Revoke" actionColor="error" busy={isLoading} onAction={() => void confirm()} onClose={onClose}>
      {(key, textId) => <DialogContentText id={textId}>{revokeQuestion(key.name)}</DialogContentText>}
    </QuestionDialog>
  );
}

/**
 * 'Roll secret': a new secret for the key, and how long the old one keeps working so the software
 * can change over (at once by default: a secret that leaked stops at once). The new secret goes to
 * `onRolled`, which shows it; a refusal keeps the dialog open and says why in a toast.
 */
export function RollApiKeyDialog({ target, onClose, onRolled }: { target: ApiKey | null; onClose: () => void; onRolled: (rolled: ApiKeyWithSecret) => void }) {
  const { rollApiKey } = useSecretIssuingCalls();
  const toast = useAdminToast();
  const [busy, setBusy] = useState(false);
  // each opening starts from 'At once'
  const [grace, setGrace] = useGraceHours(target, ROLL_GRACE_CHOICES[0].hours);

  const roll = async () => {
    if (!target) return;
    setBusy(true);
    try {
      const rolled = await rollApiKey(target.id, grace);
      toast.success('Secret rolled', `"${target.name}" has a new secret.`);
      onRolled(rolled);
    } catch (error) {
      toast.failure(`Failed to roll the secret: ${adminErrorMessage(error, 'Unexpected error')}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <QuestionDialog target={target} title="Roll secret" actionLabel="Roll secret" actionColor="primary" busy={busy} onAction={() => void roll()} onClose={onClose}>
      {(key, textId) => (
        <Stack spacing={2}>
          <DialogContentText id={textId}>
            {`"${key.name}" gets a new secret, shown once. The software using the key must change to it before the current secret stops working.`}
            {/* the API keeps one previous secret at most: a second roll within the grace drops the older one */}
            {key.previous_secret_expires_at && Date.parse(key.previous_secret_expires_at) > Date.now() ? ' The secret it replaced last time stops working at once.' : null}
          </DialogContentText>
          <GraceChoices legend="The current secret stops working" value={grace} onChange={setGrace} />
        </Stack>
      )}
    </QuestionDialog>
  );
}
