import { useId, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import CardHeader from '@mui/material/CardHeader';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Refresh from '@mui/icons-material/Refresh';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlined';
import type { IntegrationCall } from '@dentalmarket/contracts';
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

/** A card's 'Refresh': a spinner while it asks; a press meanwhile asks nothing more. */
export function RefreshButton({ refreshing, onRefresh }: { refreshing: boolean; onRefresh: () => void }) {
  return (
    <Button
      variant="outlined"
      startIcon={refreshing ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Refresh aria-hidden />}
      onClick={() => {
        if (!refreshing) onRefresh();
      }}
    >
      Refresh
    </Button>
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
