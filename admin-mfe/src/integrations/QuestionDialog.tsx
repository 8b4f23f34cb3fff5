import { useId, useState, type ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ROLL_GRACE_CHOICES } from './apiKeyFormat.js';

/**
 * The frame of a question about one thing (an API key, a webhook endpoint): its last target stays in
 * the text while the dialog fades out. While the call runs, Escape, a click outside and Cancel do
 * nothing, and a second press of the action starts nothing (the buttons stay enabled, so the
 * keyboard focus stays on them).
 */
export function QuestionDialog<T>({
  target,
  title,
  actionLabel,
  actionColor,
  busy,
  onAction,
  onClose,
  children,
}: {
  target: T | null;
  title: string;
  actionLabel: string;
  actionColor: 'error' | 'primary';
  busy: boolean;
  onAction: () => void;
  onClose: () => void;
  children: (target: T, textId: string) => ReactNode;
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

/** How long a replaced secret keeps working, in hours: `initial` again at each opening (a new `target`). */
export function useGraceHours(target: unknown, initial: number) {
  const [grace, setGrace] = useState(initial);
  const [openedFor, setOpenedFor] = useState(target);
  if (target !== openedFor) {
    setOpenedFor(target);
    if (target) setGrace(initial);
  }
  return [grace, setGrace] as const;
}

/** The choices of how long a replaced secret keeps working (ROLL_GRACE_CHOICES, up to `maxHours`), as radio buttons under `legend`. */
export function GraceChoices({ legend, value, onChange, maxHours = Infinity }: { legend: string; value: number; onChange: (hours: number) => void; maxHours?: number }) {
  const legendId = useId();
  return (
    <FormControl>
      <FormLabel id={legendId}>{legend}</FormLabel>
      <RadioGroup aria-labelledby={legendId} name="grace_hours" value={String(value)} onChange={(event) => onChange(Number(event.target.value))}>
        {ROLL_GRACE_CHOICES.filter(({ hours }) => hours <= maxHours).map(({ hours, label }) => (
          <FormControlLabel key={hours} value={String(hours)} control={<Radio />} label={label} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
