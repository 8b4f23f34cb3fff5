import { Stack, Typography } from '@mui/material';
import { useGetAdminOrderQuery } from '@dentalmarket/store';
import { DetailDrawer, DrawerLoading, useLastShown } from '../dashboard/DetailDrawer.js';
import { OrderDetails } from './OrderDetails.js';
import { OrderStatusActions } from './OrderStatusActions.js';
import { OrderStatusChip } from './OrderStatusChip.js';
import { formatDateTime } from './orderFormat.js';

export interface OrderDrawerProps {
  /** the order shown; null closes the drawer */
  number: string | null;
  onClose: () => void;
  /** after the closing transition: the caller gives focus back (the opener may have left the page) */
  onClosed: () => void;
}

/** One order from the admin grid: its status workflow, lines, address, totals and history. Named by its heading. */
export function OrderDrawer({ number, onClose, onClosed }: OrderDrawerProps) {
  const shown = useLastShown(number);
  const { data: order, isError } = useGetAdminOrderQuery(shown ?? '', { skip: shown === null });

  return (
    <DetailDrawer open={number !== null} title={`Order ${shown}`} closeLabel="Close order" onClose={onClose} onClosed={onClosed}>
      {order && order.number === shown ? (
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <OrderStatusChip status={order.status} />
            <Typography color="text.secondary">Ordered {formatDateTime(order.created_at)}</Typography>
          </Stack>
          <OrderStatusActions order={order} />
          <OrderDetails order={order} />
        </Stack>
      ) : isError ? (
        <Typography color="error">Failed to fetch the order</Typography>
      ) : (
        <DrawerLoading label="Loading order" />
      )}
    </DetailDrawer>
  );
}
