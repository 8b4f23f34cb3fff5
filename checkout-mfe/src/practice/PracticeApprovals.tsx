import { useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Link, Stack, TextField, Typography } from '@mui/material';
// a deep import: the shared MUI module holds only what the shell uses (docs/architecture.md)
import Pagination from '@mui/material/Pagination';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router';
import type { OrderSummary } from '@dentalmarket/contracts';
import { PRACTICE_LIMITS } from '@dentalmarket/contracts/practices';
import { errorText } from '@dentalmarket/store';
import { toastMessage } from '@dentalmarket/ui';
import { formatMoment, money } from '../orders/orderFormat.js';
import { useApproveOrderMutation, useDeclineOrderMutation, useGetApprovalsQuery } from './practiceApi.js';
import { apiMessage } from './practiceMessages.js';

const PAGE = 10;

/** Asks the owner for the reason (required: the member who submitted the order is emailed it). */
function DeclineDialog({ order, onClose }: { order: OrderSummary; onClose: () => void }) {
  const [decline, { isLoading }] = useDeclineOrderMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const problem = !reason.trim() ? 'A reason is required: it is emailed to the member who submitted the order' : reason.length > PRACTICE_LIMITS.declineReasonMax ? `At most ${PRACTICE_LIMITS.declineReasonMax} characters` : null;
  const confirm = async () => {
    setTouched(true);
    if (problem) return;
    try {
      await decline({ number: order.number, reason: reason.trim() }).unwrap();
      enqueueSnackbar(toastMessage(`Order ${order.number} declined`, `${order.placed_by ?? 'The member'} has been emailed your reason.`), { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not decline the order', apiMessage(error, 'Please try again.')), { variant: 'error' });
      onClose();
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="decline-title" fullWidth maxWidth="sm">
      <DialogTitle id="decline-title">Decline order {order.number}?</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>The order is not placed. {order.placed_by ?? 'The member who submitted it'} is emailed your reason.</Typography>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && problem !== null}
          helperText={touched && problem ? problem : ' '}
          slotProps={{ formHelperText: touched && problem ? { role: 'alert' } : {} }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={confirm} disabled={isLoading}>
          Decline
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Waiting({ order, onDecline }: { order: OrderSummary; onDecline: () => void }) {
  const [approve, { isLoading }] = useApproveOrderMutation();
  const { enqueueSnackbar } = useSnackbar();
  const onApprove = async () => {
    try {
      await approve(order.number).unwrap();
      enqueueSnackbar(toastMessage(`Order ${order.number} approved`, 'It is placed; the confirmation email is on its way.'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(toastMessage('Could not approve the order', apiMessage(error, 'Please try again.')), { variant: 'error' });
    }
  };
  return (
    <Stack component="li" aria-label={`Order ${order.number}`} direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to={`/orders/${encodeURIComponent(order.number)}`}>
            {order.number}
          </Link>{' '}
          · {money(order.total)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {order.placed_by ?? 'A former member'} · {order.line_count} line{order.line_count === 1 ? '' : 's'}
          {order.po_number ? ` · PO ${order.po_number}` : ''}
        </Typography>
        {order.approval_expires_at ? (
          <Typography variant="body2" color="text.secondary">
            Expires {formatMoment(order.approval_expires_at)}
          </Typography>
        ) : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
        <Button variant="contained" onClick={onApprove} disabled={isLoading} aria-label={`Approve order ${order.number}`}>
          Approve
        </Button>
        <Button color="error" variant="outlined" onClick={onDecline} aria-label={`Decline order ${order.number}`}>
          Decline
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Issue 36, owners only: the practice's orders awaiting approval, each approved (placed) or declined
 * with a reason. Shown while approvals are on, and after they are turned off while orders still wait.
 */
export function PracticeApprovals({ enabled }: { enabled: boolean }) {
  const [page, setPage] = useState(1);
  const [declining, setDeclining] = useState<OrderSummary | null>(null);
  const { data, error, isLoading, refetch } = useGetApprovalsQuery({ page, limit: PAGE }, { refetchOnMountOrArgChange: true });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE)) : 1;
  // the owners' email links to /practice#approvals: the section is drawn after the practice loads, so bring it into view then
  const loaded = data !== undefined;
  useEffect(() => {
    if (loaded && window.location.hash === '#approvals') document.getElementById('approvals')?.scrollIntoView();
  }, [loaded]);
  if (!enabled && !data?.total) return null;
  return (
    <Card component="section" aria-labelledby="approvals">
      <CardContent>
        <Typography id="approvals" variant="h3" component="h2" sx={{ mb: 2 }}>
          Orders awaiting approval{data?.total ? ` (${data.total})` : ''}
        </Typography>
        {isLoading ? (
          <Typography color="text.secondary">Loading…</Typography>
        ) : !data ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
            The orders awaiting approval could not be loaded ({errorText(error)}).
          </Alert>
        ) : data.orders.length === 0 ? (
          <Typography color="text.secondary">No orders are waiting for your approval.</Typography>
        ) : (
          <Stack component="ul" spacing={2} divider={<Divider flexItem component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {data.orders.map((order) => (
              <Waiting key={order.number} order={order} onDecline={() => setDeclining(order)} />
            ))}
          </Stack>
        )}
        {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_event, next) => setPage(next)} /> : null}
        {declining ? <DeclineDialog order={declining} onClose={() => setDeclining(null)} /> : null}
      </CardContent>
    </Card>
  );
}
