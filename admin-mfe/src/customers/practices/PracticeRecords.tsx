import type { ReactNode } from 'react';
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { AdminPracticeInvoice } from '@dentalmarket/contracts/admin-practices';
import type { OrderSummary } from '@dentalmarket/contracts';
import { formatDateTime, usd } from '../../orders/orderFormat.js';
import { OrderStatusChip } from '../../orders/OrderStatusChip.js';
import { formatDate } from '../customerFormat.js';
import { PagedSection } from './PagedSection.js';
import { INVOICE_STATE_COLORS, INVOICE_STATE_LABELS } from './practiceFormat.js';
import { useGetAdminPracticeInvoicesQuery, useGetAdminPracticeOrdersQuery } from './practicesApi.js';

const PAGE = 10;

/** A record's line: what it is and when on the left, its chip and amount on the right. */
function RecordLine({ title, detail, chip, amount }: { title: string; detail: string; chip: ReactNode; amount: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', ml: 'auto' }}>
        {chip}
        <Typography sx={{ whiteSpace: 'nowrap', minWidth: '6.5em', textAlign: 'right' }}>{usd(amount)}</Typography>
      </Stack>
    </Box>
  );
}

/** The practice's orders, newest first, ten a page, each with who placed it. */
export function PracticeOrdersSection({ practiceId }: { practiceId: number }) {
  return (
    <PagedSection<OrderSummary>
      title="Orders"
      noun="orders"
      one="order"
      empty="No orders yet."
      pageSize={PAGE}
      usePage={(page) => {
        const { data, isError, isFetching } = useGetAdminPracticeOrdersQuery({ id: practiceId, page, limit: PAGE });
        return { data: data && { rows: data.orders, total: data.total, total_capped: data.total_capped }, isError, isFetching };
      }}
      renderRow={(order) => (
        <RecordLine
          key={order.number}
          title={order.number}
          detail={`${formatDateTime(order.created_at)}${order.placed_by ? ` · ${order.placed_by}` : ''}`}
          chip={<OrderStatusChip status={order.status} />}
          amount={order.total}
        />
      )}
    />
  );
}

/** The practice's invoices (orders on invoice terms), the latest due date first: paid, unpaid, overdue. */
export function PracticeInvoicesSection({ practiceId }: { practiceId: number }) {
  return (
    <PagedSection<AdminPracticeInvoice>
      title="Invoices"
      noun="invoices"
      one="invoice"
      empty="No invoices: the practice has not ordered on invoice terms."
      pageSize={PAGE}
      usePage={(page) => {
        const { data, isError, isFetching } = useGetAdminPracticeInvoicesQuery({ id: practiceId, page, limit: PAGE });
        return { data: data && { rows: data.invoices, total: data.total, total_capped: data.total_capped }, isError, isFetching };
      }}
      renderRow={(invoice) => (
        <RecordLine
          key={invoice.number}
          title={invoice.number}
          detail={invoice.paid_at ? `Due ${formatDate(invoice.payment_due_at)} · paid ${formatDate(invoice.paid_at)}` : `Due ${formatDate(invoice.payment_due_at)}`}
          chip={<Chip size="small" variant="outlined" color={INVOICE_STATE_COLORS[invoice.state]} label={INVOICE_STATE_LABELS[invoice.state]} />}
          amount={invoice.total}
        />
      )}
    />
  );
}
