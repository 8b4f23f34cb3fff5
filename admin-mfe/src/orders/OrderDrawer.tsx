import { useId, useState } from 'react';
import { Box, CircularProgress, Divider, Drawer, IconButton, Stack, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useGetAdminOrderQuery } from '@dentalmarket/store';
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
  const titleId = useId();
  // the last order stays rendered while the drawer slides out
  const [shown, setShown] = useState(number);
  if (number !== null && number !== shown) setShown(number);
  const { data: order, isError } = useGetAdminOrderQuery(shown ?? '', { skip: shown === null });

  return (
    <Drawer
      anchor="right"
      open={number !== null}
      onClose={onClose}
      disableRestoreFocus
      slotProps={{
        paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 560 } } },
        transition: { onExited: onClosed },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography id={titleId} variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          Order {shown}
        </Typography>
        <IconButton aria-label="Close order" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }}>
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
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading order" />
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
