import { useId, useRef, useState } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ContentCopy from '@mui/icons-material/ContentCopy';
import type { ApiKey, ApiKeyWithSecret } from '@dentalmarket/contracts';
import { previousSecretText } from './apiKeyFormat.js';

export const SECRET_TITLES = { created: 'Your new API key', rolled: 'Your new secret' } as const;
export const SECRET_WARNING = 'Copy this secret now: it is not shown again.';
export const COPY_FALLBACK = 'The secret is selected: copy it with Ctrl+C (⌘C on a Mac).';

/** A secret the API just sent, after a create or a roll. */
export interface IssuedSecret extends ApiKeyWithSecret {
  kind: 'created' | 'rolled';
}

type CopyOutcome = 'copied' | 'fallback' | null;

/** After a roll: how long the software may still use the old secret. */
function previousSecretLine(key: ApiKey) {
  return previousSecretText(key, Date.now()) ?? 'The previous secret no longer works.';
}

/**
 * The secret, shown this once, with 'Copy' and 'Done'. The caller drops it (`issued` null) on 'Done'
 * or Escape; only its title stays for the closing fade. A click outside does not close it: that
 * would lose the secret by accident.
 */
export function ApiKeySecretDialog({ issued, onDone }: { issued: IssuedSecret | null; onDone: () => void }) {
  const titleId = useId();
  const warningId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // what shows while the dialog fades out: never the secret
  const [shown, setShown] = useState<{ kind: IssuedSecret['kind']; key: ApiKey } | null>(null);
  const [copy, setCopy] = useState<{ for: IssuedSecret | null; outcome: CopyOutcome }>({ for: null, outcome: null });
  if (issued && (issued.key !== shown?.key || issued.kind !== shown.kind)) setShown({ kind: issued.kind, key: issued.key });
  // each secret starts without 'Copied'; the state lets go of the secret with the prop
  if (copy.for !== issued) setCopy({ for: issued, outcome: null });

  const selectSecret = () => field.current?.select();
  const copySecret = async () => {
    if (!issued) return;
    try {
      // no Clipboard API outside a secure context (plain http), or it may be refused
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(issued.secret);
      setCopy({ for: issued, outcome: 'copied' });
    } catch {
      // focusing selects it (onFocus); select again in case it already had the focus
      field.current?.focus();
      selectSecret();
      setCopy({ for: issued, outcome: 'fallback' });
    }
  };

  return (
    <Dialog
      open={issued !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onDone();
      }}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={warningId}
    >
      <DialogTitle id={titleId}>{shown?.kind === 'rolled' ? SECRET_TITLES.rolled : SECRET_TITLES.created}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {/* the dialog's description, read when it opens: an alert role would read it twice */}
          <Alert severity="warning" role="none" id={warningId}>
            {SECRET_WARNING}
          </Alert>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {shown ? `${shown.kind === 'rolled' ? 'The new secret of' : 'The secret of'} "${shown.key.name}". Software sends it as “Authorization: Bearer” followed by the secret.` : null}
          </Typography>
          <TextField
            label="Secret"
            value={issued?.secret ?? ''}
            fullWidth
            multiline
            inputRef={field}
            onFocus={selectSecret}
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, autoComplete: 'off', sx: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
          />
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<ContentCopy aria-hidden />} onClick={() => void copySecret()}>
              Copy
            </Button>
            <Box role="status" sx={{ flex: '1 1 12rem' }}>
              {copy.outcome === 'copied' ? (
                <Typography component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  <CheckCircleOutline color="success" fontSize="small" aria-hidden />
                  Copied
                </Typography>
              ) : copy.outcome === 'fallback' ? (
                <Typography component="span" variant="body2">
                  {COPY_FALLBACK}
                </Typography>
              ) : null}
            </Box>
          </Stack>
          {shown?.kind === 'rolled' ? <Typography>{previousSecretLine(shown.key)}</Typography> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
