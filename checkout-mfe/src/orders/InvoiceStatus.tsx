import { Button, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { toCents, type Order } from '@dentalmarket/contracts';
import { getApiBaseUrl } from '@dentalmarket/store';
import { formatDay, money } from './orderFormat.js';

/** Orders an invoice exists for (issue 36): placed ones, not those awaiting approval, declined or expired. */
const INVOICED = (order: Order) => !['awaiting_approval', 'declined', 'expired'].includes(order.status);

/**
 * How the order is paid (issue 36): by invoice with its due date, and then paid in full (on a day),
 * paid in part (what is outstanding), or overdue. Nothing for a card order.
 */
export function InvoiceStatus({ order }: { order: Order }) {
  if (!order.payment_due_at) return null;
  const outstanding = toCents(order.total) - toCents(order.amount_paid);
  const overdue = !order.paid_at && order.status !== 'cancelled' && Date.parse(order.payment_due_at) < Date.now();
  const state = order.paid_at
    ? ` · paid on ${formatDay(order.paid_at)}`
    : order.status === 'cancelled'
      ? ''
      : toCents(order.amount_paid) > 0
        ? ` · ${money(order.amount_paid)} paid, ${money((outstanding / 100).toFixed(2))} outstanding`
        : '';
  return (
    <Typography sx={{ mt: 0.5 }} color={overdue ? 'error' : undefined}>
      Paid by invoice · due {formatDay(order.payment_due_at)}
      {state}
      {overdue ? ' · overdue' : ''}
    </Typography>
  );
}

/** The PDF invoice of one of the practice's orders (a download: the session cookie goes with it). */
export function InvoiceDownload({ order }: { order: Order }) {
  if (!INVOICED(order)) return null;
  return (
    <Button variant="outlined" component="a" href={`${getApiBaseUrl()}/orders/${encodeURIComponent(order.number)}/invoice.pdf`} download startIcon={<FileDownloadOutlined />} sx={{ flexShrink: 0 }}>
      Invoice (PDF)
    </Button>
  );
}
