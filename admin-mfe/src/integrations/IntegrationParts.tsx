import { useId, type HTMLAttributes, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography, type ButtonProps } from '@mui/material';
import AlertTitle from '@mui/material/AlertTitle';
import CardHeader from '@mui/material/CardHeader';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Refresh from '@mui/icons-material/Refresh';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import type { IntegrationCall } from '@dentalmarket/contracts';
import { adminErrorMessage } from '../categories/adminErrors.js';
import { formatDateTime, formatMs } from './integrationFormat.js';

/** One service's card: a landmark named by its heading (an h3 under the tab's 'Integrations'). */
export function IntegrationCard({ title, icon, action, children }: { title: string; icon: ReactNode; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardHeader
        avatar={icon}
        title={title}
        action={action}
        slotProps={{ title: { variant: 'h6', component: 'h3', id: headingId, sx: { fontSize: '1.15rem', fontWeight: 600 } }, action: { sx: { m: 0, alignSelf: 'center' } } }}
      />
      <CardContent sx={{ pt: 0, flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 2 }}>{children}</CardContent>
    </Card>
  );
}

/** What a card or dialog shows while its first answer is on its way. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/** A list that could not be loaded: what failed, the API's words, and 'Try again' (off while it asks). */
export function LoadFailedAlert({ title, error, retrying, onRetry }: { title: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ overflowWrap: 'anywhere' }}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={retrying} sx={{ whiteSpace: 'nowrap' }}>
          Try again
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {adminErrorMessage(error, 'The API did not answer.')}
    </Alert>
  );
}

/**
 * A button whose call may be under way (`busy`): a spinner in place of its icon meanwhile, and a
 * press then starts nothing. It stays enabled, so the keyboard focus stays on it.
 */
export function BusyButton({ busy, icon, onClick, ...props }: Omit<ButtonProps, 'onClick' | 'startIcon'> & { busy: boolean; icon?: ReactNode; onClick: () => void }) {
  return (
    <Button
      variant="outlined"
      {...props}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : icon}
      onClick={() => {
        if (!busy) onClick();
      }}
    />
  );
}

/** A card's 'Refresh': a spinner while it asks; a press meanwhile asks nothing more. */
export function RefreshButton({ refreshing, onRefresh }: { refreshing: boolean; onRefresh: () => void }) {
  return (
    <BusyButton busy={refreshing} icon={<Refresh aria-hidden />} onClick={onRefresh}>
      Refresh
    </BusyButton>
  );
}

export interface Fact {
  label: string;
  value: ReactNode;
}

/** The facts of a service as a description list: label on the left, value on the right, long values wrapped. */
export function Facts({ facts }: { facts: Fact[] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 2, rowGap: 1, m: 0 }}>
      {facts.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A card's list of things (API keys, webhook endpoints), one under the other at every width: nothing to scroll sideways on a phone. */
export function ItemList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {children}
    </Stack>
  );
}

/**
 * One thing in an ItemList: a bordered box named by its heading (an h4 under the card's, `nameId`),
 * with its status chip beside it. One out of use is `muted`: a dashed border on a tinted ground,
 * secondary text when `mutedText`.
 */
export function ItemCard({
  nameId,
  title,
  chip,
  muted = false,
  mutedText = false,
  itemProps,
  children,
}: {
  nameId: string;
  title: ReactNode;
  chip: ReactNode;
  muted?: boolean;
  mutedText?: boolean;
  /** the item's own attributes: a data- attribute to find it by, tabIndex -1 to focus it */
  itemProps?: HTMLAttributes<HTMLLIElement> & Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  return (
    <Stack
      component="li"
      aria-labelledby={nameId}
      {...itemProps}
      spacing={1.5}
      sx={{
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        minWidth: 0,
        ...(muted ? { borderStyle: 'dashed', bgcolor: 'action.hover', ...(mutedText ? { color: 'text.secondary' } : {}) } : {}),
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={nameId} variant="subtitle1" component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
          {title}
        </Typography>
        {chip}
      </Stack>
      {children}
    </Stack>
  );
}

/** A line of text after a small icon (aria-hidden), which sits by its first line when it wraps. */
export function IconLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Typography variant="body2" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, overflowWrap: 'anywhere', '& > svg': { mt: '1px', flexShrink: 0 } }}>
      {icon}
      <span>{children}</span>
    </Typography>
  );
}

/** Whether a secret is set: never its value (the API does not send it). */
export function SecretState({ label, set }: { label: string; set: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {set ? <CheckCircleOutline color="success" fontSize="small" aria-hidden /> : <RemoveCircleOutline color="disabled" fontSize="small" aria-hidden />}
      <Typography>{`${label}: ${set ? 'set' : 'not set'}`}</Typography>
    </Stack>
  );
}

/** A call the API made: when and how long it took, then 'OK' or the error (on a line of its own, as it can be long). */
export function CallSummary({ call }: { call: IntegrationCall }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {formatDateTime(call.at)}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          {' · '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{`${formatMs(call.ms)} ms`}</Box>
        </Box>
      </Box>
      <Box component="span" sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75 }}>
        {call.ok ? <CheckCircleOutline color="success" fontSize="small" aria-hidden sx={{ mt: '2px' }} /> : <ErrorOutline color="error" fontSize="small" aria-hidden sx={{ mt: '2px' }} />}
        <span>{call.ok ? 'OK' : call.message}</span>
      </Box>
    </>
  );
}

export interface Outcome {
  severity: 'success' | 'error';
  text: string;
}

/**
 * A service's test: the button, an optional hint (why it is off), and the outcome shown inline. The
 * outcome sits in a live region present from the start, so screen readers announce each new one.
 * The button stays enabled while the test runs (a disabled button would drop the keyboard focus);
 * a second press meanwhile does nothing.
 */
export function ServiceTest({
  label,
  runningText,
  running,
  outcome,
  onRun,
  disabled = false,
  hint,
}: {
  label: string;
  runningText: string;
  running: boolean;
  outcome: Outcome | null;
  onRun: () => void;
  disabled?: boolean;
  hint?: string;
}) {
  const hintId = useId();
  return (
    <Stack spacing={1.5} sx={{ mt: 'auto' }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          startIcon={running ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          onClick={() => {
            if (!running) onRun();
          }}
        >
          {label}
        </Button>
        {hint ? (
          <Typography id={hintId} variant="body2" color="text.secondary" sx={{ flex: '1 1 14rem' }}>
            {hint}
          </Typography>
        ) : null}
      </Stack>
      <Box role="status">
        {running ? (
          <Typography variant="body2" color="text.secondary">
            {runningText}
          </Typography>
        ) : outcome ? (
          // the live region around it announces it: the alert's own role would announce it twice
          <Alert severity={outcome.severity} role="none" sx={{ overflowWrap: 'anywhere' }}>
            {outcome.text}
          </Alert>
        ) : null}
      </Box>
    </Stack>
  );
}
