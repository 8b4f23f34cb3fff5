import { useState } from 'react';
import { Alert, Box, Button, Card, Link, Typography } from '@mui/material';
// the table's parts by their own paths: the shared @mui/material facade carries only the first pages' components
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Link as RouterLink } from 'react-router';
import { errorText, useGetMyOrdersQuery } from '@dentalmarket/store';
import { PageSpinner } from '@dentalmarket/ui';
import { formatDay, LIST_PAGE_SIZES, money } from './orderFormat.js';
import { OrderStatusChip } from './OrderStatusChip.js';
import { ServiceRequestsSection } from './ServiceRequestsSection.js';

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

/** Below `sm` the date sits under the number, so four columns fit a 390 px phone without scrolling sideways. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** /orders (signed in; the shell's route guard sends guests to /auth): the shopper's orders, newest first, a page at a time, and below them their service requests. */
export default function OrdersList() {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(LIST_PAGE_SIZES[0]);
  const { data, error, isLoading, isFetching, refetch } = useGetMyOrdersQuery({ page: page + 1, limit });

  let body;
  if (isLoading) body = <PageSpinner label="Loading orders" />;
  else if (!data) {
    body = (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
        Your orders could not be loaded ({errorText(error)}).
      </Alert>
    );
  } else if (data.total === 0) body = <NoOrders />;
  else {
    body = (
      <Card component="section" aria-labelledby="orders-heading">
        <TableContainer>
          <Table aria-labelledby="orders-heading" aria-busy={isFetching} size="small">
            <TableHead>
              <TableRow>
                <TableCell>Order</TableCell>
                <TableCell sx={wideOnly}>Date</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right">Total</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.orders.map((order) => (
                <TableRow key={order.number} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/orders/${encodeURIComponent(order.number)}`} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {order.number}
                    </Link>
                    <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                      {formatDay(order.created_at)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={wideOnly}>{formatDay(order.created_at)}</TableCell>
                  <TableCell>
                    <OrderStatusChip status={order.status} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(order.total)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data.total}
          page={page}
          rowsPerPage={limit}
          rowsPerPageOptions={LIST_PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setLimit(Number(event.target.value));
            setPage(0);
          }}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
        />
      </Card>
    );
  }
  return (
    <Box>
      <Typography id="orders-heading" variant="h2" component="h1" sx={{ mb: 3 }}>
        Your orders
      </Typography>
      {body}
      <ServiceRequestsSection />
    </Box>
  );
}
