import { Box, Stack, Typography } from '@mui/material';
import type { CustomerDetail, CustomerRow } from '@dentalmarket/contracts';
import { useGetAdminCustomerQuery } from './customersApi.js';
import { DetailDrawer, DetailRow, DrawerLoading, DrawerSection, useLastShown } from '../dashboard/DetailDrawer.js';
import { formatDateTime, usd } from '../orders/orderFormat.js';
import { OrderStatusChip } from '../orders/OrderStatusChip.js';
import { CustomerAccountActions } from './CustomerAccountActions.js';
import { formatDate, ROLE_LABELS } from './customerFormat.js';
import { CustomerStatusChip } from './CustomerStatusChip.js';
import { PracticeExemptionSection } from './PracticeExemptionSection.js';
import { PracticeTermsSection } from './PracticeTermsSection.js';

export interface CustomerDrawerProps {
  /** the grid's row of the customer shown; null closes the drawer */
  customer: CustomerRow | null;
  onClose: () => void;
  /** after the closing transition: the caller gives focus back (the opener may have left the page) */
  onClosed: () => void;
}

/** The account, its order figures and its newest orders (the API gives the 10 newest). */
function CustomerDetails({ customer }: { customer: CustomerDetail }) {
  const { recent_orders: recent } = customer;
  return (
    <>
      <DrawerSection title="Account">
        <Stack spacing={0.5}>
          <DetailRow label="Name" value={customer.full_name ?? '—'} />
          <DetailRow label="Username" value={customer.username} />
          <DetailRow label="Email" value={customer.email} />
          <DetailRow label="Role" value={ROLE_LABELS[customer.role]} />
          <DetailRow label="Registered" value={formatDate(customer.registered_at)} />
          {customer.disabled_at ? <DetailRow label="Disabled" value={formatDateTime(customer.disabled_at)} /> : null}
        </Stack>
      </DrawerSection>
      <DrawerSection title="Summary">
        <Stack spacing={0.5}>
          <DetailRow label="Orders" value={customer.orders.toLocaleString('en-US')} />
          <DetailRow label="Total spent" value={usd(customer.total_spent)} />
          <DetailRow label="Last order" value={formatDate(customer.last_order_at)} />
        </Stack>
      </DrawerSection>
      <DrawerSection title="Recent orders">
        {recent.length === 0 ? <Typography color="text.secondary">No orders yet.</Typography> : null}
        {customer.orders > recent.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            The {recent.length} newest of {customer.orders.toLocaleString('en-US')} orders.
          </Typography>
        ) : null}
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {recent.map((order) => (
            <Box component="li" key={order.number} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{order.number}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(order.created_at)}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', ml: 'auto' }}>
                <OrderStatusChip status={order.status} />
                <Typography sx={{ whiteSpace: 'nowrap', minWidth: '6.5em', textAlign: 'right' }}>{usd(order.total)}</Typography>
              </Stack>
            </Box>
          ))}
        </Stack>
      </DrawerSection>
    </>
  );
}

/** One account from the customers grid: who it is, its status with 'Disable account' / 'Enable account', its orders. Named by the username. */
export function CustomerDrawer({ customer, onClose, onClosed }: CustomerDrawerProps) {
  const shown = useLastShown(customer);
  const { data, isError } = useGetAdminCustomerQuery(shown?.id ?? 0, { skip: shown === null });

  return (
    <DetailDrawer open={customer !== null} title={shown?.username} closeLabel="Close customer" onClose={onClose} onClosed={onClosed}>
      {data && data.id === shown?.id ? (
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <CustomerStatusChip disabledAt={data.disabled_at} />
            <CustomerAccountActions customer={data} />
          </Stack>
          <CustomerDetails customer={data} />
          {data.practice_id ? <PracticeTermsSection practiceId={data.practice_id} /> : null}
          {data.practice_id ? <PracticeExemptionSection practiceId={data.practice_id} /> : null}
        </Stack>
      ) : isError ? (
        <Typography color="error">Failed to fetch the customer</Typography>
      ) : (
        <DrawerLoading label="Loading customer" />
      )}
    </DetailDrawer>
  );
}
