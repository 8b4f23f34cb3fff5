import { Box, Button, Link, Typography } from '@mui/material';
import TableCell from '@mui/material/TableCell';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Link as RouterLink } from 'react-router';
import type { OrderListResponse } from '@dentalmarket/contracts';
import { useGetMyOrdersQuery } from '@dentalmarket/store';
import { formatDay, money } from './orderFormat.js';
import { OrderStatusChip } from './OrderStatusChip.js';
import { ServiceRequestsSection } from './ServiceRequestsSection.js';
import { ShopperList, wideOnly } from './ShopperList.js';

function NoOrders() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <ReceiptLongOutlined sx={{ fontSize: 64, color: 'text.disabled', mb: 2 }} />
      <Typography sx={{ mb: 3 }}>You have not placed any orders yet.</Typography>
      <Button component={RouterLink} to="/marketplace?type=equipment" variant="contained">
        Browse equipment
      </Button>
    </Box>
  );
}

/** /orders (signed in; the shell's route guard sends guests to /auth): the practice's orders (issue 36: every member's, with who placed each), newest first, a page at a time, and below them their service requests. */
export default function OrdersList() {
  return (
    <Box>
      <Typography id="orders-heading" variant="h2" component="h1" sx={{ mb: 3 }}>
        Your orders
      </Typography>
      <ShopperList
        name="orders"
        headingId="orders-heading"
        cardIsRegion
        useList={useGetMyOrdersQuery}
        rowsOf={(data: OrderListResponse) => ({ rows: data.orders, total: data.total })}
        empty={<NoOrders />}
        // below `sm` the date sits under the number, so four columns fit a 390 px phone
        head={
          <>
            <TableCell>Order</TableCell>
            <TableCell sx={wideOnly}>Date</TableCell>
            <TableCell sx={wideOnly}>Placed by</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Total</TableCell>
          </>
        }
        rowKey={(order) => order.number}
        hover
        cells={(order) => (
          <>
            <TableCell>
              <Link component={RouterLink} to={`/orders/${encodeURIComponent(order.number)}`} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {order.number}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                {formatDay(order.created_at)}
                {order.placed_by ? ` · ${order.placed_by}` : ''}
              </Typography>
            </TableCell>
            <TableCell sx={wideOnly}>{formatDay(order.created_at)}</TableCell>
            <TableCell sx={wideOnly}>{order.placed_by ?? '–'}</TableCell>
            <TableCell>
              <OrderStatusChip status={order.status} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {money(order.total)}
            </TableCell>
          </>
        )}
      />
      <ServiceRequestsSection />
    </Box>
  );
}
