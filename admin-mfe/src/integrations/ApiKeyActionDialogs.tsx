import { useId, useState, type ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ApiKey, ApiKeyWithSecret } from '@dentalmarket/contracts';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { useAdminToast } from '../categories/useAdminToast.js';
import { useRevokeApiKeyMutation } from './integrationsApi.js';
import { ROLL_GRACE_CHOICES } from './apiKeyFormat.js';
import { useSecretIssuingCalls } from './useSecretIssuingCalls.js';

export const revokeQuestion = (name: string) => `Revoke "${name}"? Software using it stops working at once.`;

/**
 * The frame of a question about one key: its last key stays in the text while the dialog fades out.
 * While the call runs, Escape, a click outside and Cancel do nothing, and a second press of the
 * action starts nothing (the buttons stay enabled, so the keyboard focus stays on them).
 */
function KeyQuestionDialog({
  target,
  title,
  actionLabel,
  actionColor,
  busy,
  onAction,
  onClose,
  children,
}: {
  target: ApiKey | null;
  title: string;
  actionLabel: string;
  actionColor: 'error' | 'primary';
  busy: boolean;
  onAction: () => void;
  onClose: () => void;
  children: (key: ApiKey, textId: string) => ReactNode;
}) {
  const titleId = useId();
  const textId = useId();
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={target !== null} onClose={close} fullWidth maxWidth="xs" aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{shown ? children(shown, textId) : null}</DialogContent>
      <DialogActions>
        {/* Cancel has the focus: a reflexive Enter changes nothing */}
        <Button onClick={close} autoFocus>
          Cancel
        </Button>
        <Button
          variant="contained"
          color={actionColor}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={() => {
            if (!busy) onAction();
          }}
        >
          {actionLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

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
    <KeyQuestionDialog target={target} title="Revoke API key" actionLabel="Revoke" actionColor="error" busy={isLoading} onAction={() => void confirm()} onClose={onClose}>
      {(key, textId) => <DialogContentText id={textId}>{revokeQuestion(key.name)}</DialogContentText>}
    </KeyQuestionDialog>
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
  const [grace, setGrace] = useState<number>(ROLL_GRACE_CHOICES[0].hours);
  const legendId = useId();
  // each opening starts from 'At once'
  const [openedFor, setOpenedFor] = useState(target);
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target) setGrace(ROLL_GRACE_CHOICES[0].hours);
  }

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
    <KeyQuestionDialog target={target} title="Roll secret" actionLabel="Roll secret" actionColor="primary" busy={busy} onAction={() => void roll()} onClose={onClose}>
      {(key, textId) => (
        <Stack spacing={2}>
          <DialogContentText id={textId}>
            {`"${key.name}" gets a new secret, shown once. The software using the key must change to it before the current secret stops working.`}
            {/* the API keeps one previous secret at most: a second roll within the grace drops the older one */}
            {key.previous_secret_expires_at && Date.parse(key.previous_secret_expires_at) > Date.now() ? ' The secret it replaced last time stops working at once.' : null}
          </DialogContentText>
          <FormControl>
            <FormLabel id={legendId}>The current secret stops working</FormLabel>
            <RadioGroup aria-labelledby={legendId} name="grace_hours" value={String(grace)} onChange={(event) => setGrace(Number(event.target.value))}>
              {ROLL_GRACE_CHOICES.map(({ hours, label }) => (
                <FormControlLabel key={hours} value={String(hours)} control={<Radio />} label={label} />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      )}
    </KeyQuestionDialog>
  );
}
