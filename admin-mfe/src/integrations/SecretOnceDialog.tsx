import { useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ContentCopy from '@mui/icons-material/ContentCopy';

export const SECRET_WARNING = 'Copy this secret now: it is not shown again.';
export const COPY_FALLBACK = 'The secret is selected: copy it with Ctrl+C (⌘C on a Mac).';

/** What the dialog says about a secret, made from the answer without the secret, so it can stay for the closing fade. */
export interface SecretDialogText {
  title: string;
  /** above the secret: whose secret it is and how it is used */
  intro: ReactNode;
  /** under 'Copy', e.g. until when the previous secret works */
  after?: ReactNode;
  /** the secret field's label: 'Secret' unless given */
  fieldLabel?: string;
}

type CopyOutcome = 'copied' | 'fallback' | null;
type WithoutSecret<S> = Omit<S, 'secret'>;

/**
 * A secret the API sent this once (an API key's, a webhook endpoint's), with 'Copy' and 'Done'. The
 * caller drops it (`issued` null) on 'Done' or Escape; only its texts stay for the closing fade,
 * never the secret. A click outside does not close it: that would lose the secret by accident.
 */
export function SecretOnceDialog<S extends { secret: string }>({ issued, describe, onDone }: { issued: S | null; describe: (shown: WithoutSecret<S>) => SecretDialogText; onDone: () => void }) {
  const titleId = useId();
  const warningId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  // what shows while the dialog fades out: the answer without its secret
  const [shown, setShown] = useState<WithoutSecret<S> | null>(null);
  const [copy, setCopy] = useState<{ for: S | null; outcome: CopyOutcome }>({ for: null, outcome: null });
  // each secret starts without 'Copied'; the state lets go of the secret with the prop
  if (copy.for !== issued) {
    setCopy({ for: issued, outcome: null });
    if (issued) {
      const { secret: _secret, ...rest } = issued;
      setShown(rest);
    }
  }
  const text = shown ? describe(shown) : null;

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
      <DialogTitle id={titleId}>{text?.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {/* the dialog's description, read when it opens: an alert role would read it twice */}
          <Alert severity="warning" role="none" id={warningId}>
            {SECRET_WARNING}
          </Alert>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{text?.intro}</Typography>
          <TextField
            label={text?.fieldLabel ?? 'Secret'}
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
          {text?.after ?? null}
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
