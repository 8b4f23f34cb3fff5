import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
// the shared facade carries the first pages' components only: these come by their paths
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Replay from '@mui/icons-material/Replay';
import SendOutlined from '@mui/icons-material/SendOutlined';
import type { WebhookDeliveryAttempt, WebhookEndpoint } from '@dentalmarket/contracts';
import { BusyButton, LoadFailedAlert, LoadingSpinner, RefreshButton } from './IntegrationParts.js';
import { formatCount, formatDateTime, formatMs } from './integrationFormat.js';
import { useDeliveryResend, useWebhookTest } from './useWebhookCalls.js';
import { attemptAnswerText, DELIVERY_STATUS_COLORS, DELIVERY_STATUS_LABELS } from './webhookFormat.js';
import { useGetWebhookDeliveriesInfiniteQuery } from './webhooksApi.js';

export const DELIVERIES_LOAD_FAILED = 'Could not load the delivery log.';
/** How often an open delivery log asks for what happened since. */
const DELIVERY_LOG_POLL_MS = 5_000;

export const NO_DELIVERIES = 'No deliveries yet. “Send test event” sends one now.';

const mono = { fontFamily: 'monospace', fontSize: '0.85rem', overflowWrap: 'anywhere' } as const;
/** Text for screen readers only (the actions column's header). */
const visuallyHidden = { position: 'absolute', width: 1, height: 1, p: 0, m: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/** What one attempt's row or item needs beyond the attempt: its response shown or not, and the resend. */
interface AttemptProps {
  attempt: WebhookDeliveryAttempt;
  /** its place in the log, to focus the first of the attempts 'Load more' brought */
  index: number;
  open: boolean;
  onToggle: () => void;
  resending: boolean;
  onResend: () => void;
}

/** An event's type, breaking after its dot before anywhere else ('order.' / 'status_changed') in a narrow column. */
function EventType({ type }: { type: string }) {
  const [domain, ...rest] = type.split('.');
  return <>{rest.length ? [domain, '.', <wbr key="break" />, rest.join('.')] : type}</>;
}

function StatusChip({ attempt }: { attempt: WebhookDeliveryAttempt }) {
  return <Chip size="small" variant="outlined" color={DELIVERY_STATUS_COLORS[attempt.delivery_status]} label={DELIVERY_STATUS_LABELS[attempt.delivery_status]} />;
}

/** 'HTTP 500' or 'No answer', then why no usable answer came (refused, timed out, a blocked address). */
function Answer({ attempt }: { attempt: WebhookDeliveryAttempt }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontVariantNumeric: 'tabular-nums' }}>
        {attemptAnswerText(attempt)}
      </Box>
      {attempt.error ? (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {attempt.error}
        </Typography>
      ) : null}
    </>
  );
}

/** 'Response': shows or hides the receiver's answer, which stays out of the way until asked for. Described by the attempt's time. */
function ResponseToggle({ open, onToggle, controls, describedBy }: { open: boolean; onToggle: () => void; controls: string; describedBy: string }) {
  return (
    <Button size="small" startIcon={open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />} aria-expanded={open} aria-controls={controls} aria-describedby={describedBy} onClick={onToggle}>
      Response
    </Button>
  );
}

function ResendButton({ resending, onResend, describedBy }: { resending: boolean; onResend: () => void; describedBy: string }) {
  return (
    <BusyButton size="small" busy={resending} icon={<Replay aria-hidden />} aria-describedby={describedBy} onClick={onResend}>
      Resend
    </BusyButton>
  );
}

/** The first characters of the receiver's answer (at most WEBHOOK_LIMITS.responseExcerptMax), wrapped: nothing scrolls sideways. */
function Excerpt({ id, text }: { id: string; text: string }) {
  return (
    <Box id={id} component="pre" sx={{ ...mono, m: 0, p: 1.5, whiteSpace: 'pre-wrap', bgcolor: 'action.hover', borderRadius: 1 }}>
      {text}
    </Box>
  );
}

/** One attempt as a table row, and its response in a row of its own under it once shown. */
function AttemptRow({ attempt, index, open, onToggle, resending, onResend }: AttemptProps) {
  const timeId = useId();
  const excerptId = useId();
  const excerpt = attempt.response_excerpt;
  return (
    <>
      <TableRow data-attempt-index={index} tabIndex={-1} sx={excerpt && open ? { '& > *': { borderBottom: 0 } } : undefined}>
        <TableCell component="th" scope="row" id={timeId}>
          {formatDateTime(attempt.created_at)}
        </TableCell>
        <TableCell sx={mono}>
          <EventType type={attempt.event_type} />
        </TableCell>
        <TableCell align="right">{formatCount(attempt.attempt)}</TableCell>
        <TableCell>
          <Answer attempt={attempt} />
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{`${formatMs(attempt.duration_ms)} ms`}</TableCell>
        <TableCell>
          <StatusChip attempt={attempt} />
        </TableCell>
        <TableCell>
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <ResendButton resending={resending} onResend={onResend} describedBy={timeId} />
            {excerpt ? <ResponseToggle open={open} onToggle={onToggle} controls={excerptId} describedBy={timeId} /> : null}
          </Stack>
        </TableCell>
      </TableRow>
      {excerpt && open ? (
        <TableRow>
          <TableCell colSpan={7}>
            <Excerpt id={excerptId} text={excerpt} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}

/** One attempt as a list item, for a narrow screen: the same facts, stacked; named by its time. */
function AttemptItem({ attempt, index, open, onToggle, resending, onResend }: AttemptProps) {
  const timeId = useId();
  const excerptId = useId();
  const excerpt = attempt.response_excerpt;
  return (
    <Stack component="li" aria-labelledby={timeId} data-attempt-index={index} tabIndex={-1} spacing={1} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography id={timeId} component="h3" variant="subtitle2">
          {formatDateTime(attempt.created_at)}
        </Typography>
        <StatusChip attempt={attempt} />
      </Stack>
      <Typography component="div" variant="body2">
        <Box component="span" sx={mono}>
          {attempt.event_type}
        </Box>
        {` · attempt ${formatCount(attempt.attempt)} · ${formatMs(attempt.duration_ms)} ms`}
      </Typography>
      <Typography component="div" variant="body2">
        <Answer attempt={attempt} />
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <ResendButton resending={resending} onResend={onResend} describedBy={timeId} />
        {excerpt ? <ResponseToggle open={open} onToggle={onToggle} controls={excerptId} describedBy={timeId} /> : null}
      </Stack>
      {excerpt && open ? <Excerpt id={excerptId} text={excerpt} /> : null}
    </Stack>
  );
}

/**
 * The log itself: a page of attempts at a time, newest first; 'Load more' asks for the page after
 * the last one's cursor. A table where there is room; a list on a narrow screen.
 */
function DeliveryLog({ endpoint, narrow }: { endpoint: WebhookEndpoint; narrow: boolean }) {
  // asked again every 5 s while open (the pages loaded, newest first): a try made meanwhile, a test
  // event's or a resend's, shows without a Refresh
  const { data, error, isError, isLoading, isFetching, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useGetWebhookDeliveriesInfiniteQuery(endpoint.id, {
    pollingInterval: DELIVERY_LOG_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const attempts = useMemo(() => data?.pages.flatMap((page) => page.attempts) ?? [], [data]);
  const { testing, sendTest } = useWebhookTest();
  const { resending, resendDelivery } = useDeliveryResend(endpoint);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) => setOpened((ids) => (ids.has(id) ? new Set([...ids].filter((other) => other !== id)) : new Set([...ids, id])));
  const list = useRef<HTMLElement>(null);
  // where the attempts 'Load more' brought start: once they show, and the button is gone with the last page, the focus goes to the first of them
  const [firstNew, setFirstNew] = useState<number | null>(null);
  useEffect(() => {
    if (firstNew === null || isFetchingNextPage) return;
    if (!hasNextPage) list.current?.querySelector<HTMLElement>(`[data-attempt-index="${firstNew}"]`)?.focus();
    setFirstNew(null);
  }, [firstNew, isFetchingNextPage, hasNextPage]);
  const loadMore = () => {
    setFirstNew(attempts.length);
    void fetchNextPage();
  };
  const refreshing = isFetching && !isFetchingNextPage && !isLoading;

  const rowProps = (attempt: WebhookDeliveryAttempt, index: number): AttemptProps => ({
    attempt,
    index,
    open: opened.has(attempt.id),
    onToggle: () => toggle(attempt.id),
    resending: resending.has(attempt.delivery_id),
    onResend: () => resendDelivery(attempt),
  });

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <RefreshButton refreshing={refreshing} onRefresh={() => void refetch()} />
        <BusyButton busy={testing.has(endpoint.id)} icon={<SendOutlined aria-hidden />} onClick={() => sendTest(endpoint)}>
          Send test event
        </BusyButton>
      </Stack>
      {isError ? (
        <LoadFailedAlert title={DELIVERIES_LOAD_FAILED} error={error} retrying={isFetching} onRetry={() => void refetch()} />
      ) : null}
      <Typography role="status" variant="body2" color="text.secondary">
        {isLoading ? 'Loading the delivery log…' : data ? (attempts.length ? `${formatCount(attempts.length)} ${attempts.length === 1 ? 'attempt' : 'attempts'} shown, newest first.` : NO_DELIVERIES) : ''}
      </Typography>
      {isLoading ? (
        <LoadingSpinner label="Loading the delivery log" />
      ) : attempts.length === 0 ? null : narrow ? (
        <Box component="ul" ref={list} aria-label="Delivery attempts" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {attempts.map((attempt, index) => (
            <AttemptItem key={attempt.id} {...rowProps(attempt, index)} />
          ))}
        </Box>
      ) : (
        <Box ref={list}>
          <Table size="small" aria-label="Delivery attempts" aria-busy={isFetching || undefined} sx={{ tableLayout: 'fixed', '& th, & td': { verticalAlign: 'top', px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell scope="col" sx={{ width: '17%' }}>
                  Time
                </TableCell>
                <TableCell scope="col" sx={{ width: '20%' }}>
                  Event
                </TableCell>
                <TableCell scope="col" align="right" sx={{ width: '8%' }}>
                  Attempt
                </TableCell>
                <TableCell scope="col">Answer</TableCell>
                <TableCell scope="col" align="right" sx={{ width: '10%' }}>
                  Duration
                </TableCell>
                <TableCell scope="col" sx={{ width: '13%' }}>
                  Delivery
                </TableCell>
                <TableCell scope="col" sx={{ width: '13%' }}>
                  <Box component="span" sx={visuallyHidden}>
                    Actions
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {attempts.map((attempt, index) => (
                <AttemptRow key={attempt.id} {...rowProps(attempt, index)} />
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {hasNextPage ? (
        <Box>
          <BusyButton busy={isFetchingNextPage} onClick={loadMore}>
            Load more
          </BusyButton>
        </Box>
      ) : null}
    </Stack>
  );
}

/**
 * 'Deliveries': an endpoint's delivery log in a dialog, full screen on a phone. Its last endpoint
 * stays while it fades out; the log is asked for while it is open, from its newest attempts.
 */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const titleId = useId();
  const urlId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const [shown, setShown] = useState(endpoint);
  if (endpoint && endpoint !== shown) setShown(endpoint);
  return (
    <Dialog open={endpoint !== null} onClose={onClose} fullWidth maxWidth="md" fullScreen={phone} aria-labelledby={titleId} aria-describedby={urlId}>
      <DialogTitle id={titleId}>Delivery log</DialogTitle>
      <DialogContent>
        <Typography id={urlId} sx={{ overflowWrap: 'anywhere', mb: 2 }}>
          {shown ? `Every try of every event sent to ${shown.url}, newest first.` : null}
        </Typography>
        {shown ? <DeliveryLog endpoint={shown} narrow={narrow} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
