import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { Order } from '@dentalmarket/contracts';
import { DetailRow as Row, DrawerSection as Section } from '../../dashboard/DetailDrawer.js';
import { formatDateTime, usd } from '../orderFormat.js';
import { adminInvoiceUrl, useGetOrderPaymentsQuery } from './invoicesApi.js';
import { RecordPaymentForm } from './RecordPaymentForm.js';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The order's invoice in the drawer (issue 36): the PDF, and for an order on invoice terms its due
 * date, what is paid and outstanding, the payments recorded, and the "Record payment" form while
 * anything is outstanding.
 */
export function InvoiceSection({ order }: { order: Order }) {
  const invoice = order.payment_due_at !== null;
  const { data: payments, isError } = useGetOrderPaymentsQuery(order.number, { skip: !invoice });
  const pdf = (
    <Button component="a" href={adminInvoiceUrl(order.number)} download variant="outlined" size="small">
      Download invoice (PDF)
    </Button>
  );
  if (!invoice) {
    return (
      <Section title="Invoice">
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary">Paid by card at checkout.</Typography>
          {pdf}
        </Stack>
      </Section>
    );
  }
  const overdue = !order.paid_at && order.status !== 'cancelled' && Date.parse(order.payment_due_at!) < Date.now();
  return (
    <Section title="Invoice">
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {order.paid_at ? <Chip label="Paid" color="success" variant="outlined" size="small" /> : overdue ? <Chip label="Overdue" color="error" variant="outlined" size="small" /> : <Chip label="Open" variant="outlined" size="small" />}
          {pdf}
        </Stack>
        <Stack spacing={0.5}>
          <Row label="Due" value={formatDateTime(order.payment_due_at!)} />
          <Row label="Paid" value={usd(payments?.amount_paid ?? order.amount_paid)} />
          <Row label="Outstanding" value={usd(payments?.outstanding ?? '0.00')} strong />
          {order.paid_at ? <Row label="Paid in full" value={formatDateTime(order.paid_at)} /> : null}
        </Stack>
        {isError ? <Typography color="error">Failed to fetch the payments</Typography> : null}
        {payments && payments.payments.length > 0 ? (
          <Box>
            <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
              Payments
            </Typography>
            <Stack component="ul" aria-label="Payments" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {payments.payments.map((payment) => (
                <Box component="li" key={payment.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ overflowWrap: 'anywhere' }}>
                      {day.format(new Date(`${payment.paid_on}T00:00:00Z`))}
                      {payment.reference ? ` · ${payment.reference}` : ''}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      Recorded by {payment.recorded_by}
                      {payment.note ? ` · ${payment.note}` : ''}
                    </Typography>
                  </Box>
                  <Typography sx={{ whiteSpace: 'nowrap' }}>{usd(payment.amount)}</Typography>
                </Box>
              ))}
            </Stack>
          </Box>
        ) : null}
        {payments && !order.paid_at && order.status !== 'cancelled' && payments.outstanding !== '0.00' ? <RecordPaymentForm number={order.number} outstanding={payments.outstanding} /> : null}
      </Stack>
    </Section>
  );
}
