import type { ReactNode } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { Link as RouterLink, useLocation } from 'react-router';
import { errorText, useGetOrderQuery } from '@dentalmarket/store';
import { PageSpinner } from '@dentalmarket/ui';
import { OrderDetails } from './OrderDetails.js';
import { BackToOrders } from './BackToOrders.js';

/** 'Order not found': a number that is not the shopper's answers 404, the same as one that does not exist. */
export function OrderNotFound({ children }: { children?: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', py: 8 }}>
      <ReceiptLongOutlined sx={{ fontSize: 64, color: 'text.disabled', mb: 2 }} />
      <Typography variant="h2" component="h1" gutterBottom>
        Order not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is no order with this number in your account.
      </Typography>
      {children}
    </Box>
  );
}

/** The :number of /orders/:number; a malformed escape (a hand-edited URL) is asked for as it is, and answers 'Order not found'. */
export function orderNumberFromPath(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** /orders/:number (signed in; the shell's route guard sends guests to /auth): one of the shopper's orders. */
export default function OrderPage() {
  // the number from the path (/orders/:number): the shared react-router facade has no useParams
  const number = orderNumberFromPath(useLocation().pathname);
  const { data, error, isLoading, refetch } = useGetOrderQuery(number);
  if (isLoading) return <PageSpinner label="Loading order" />;
  if (error && 'status' in error && error.status === 404) {
    return (
      <OrderNotFound>
        <Button component={RouterLink} to="/orders" variant="contained">
          Your orders
        </Button>
      </OrderNotFound>
    );
  }
  if (!data) {
    return (
      <Box>
        <BackToOrders />
        <Typography variant="h2" component="h1" gutterBottom>
          Order {number}
        </Typography>
        <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
          The order could not be loaded ({errorText(error)}).
        </Alert>
      </Box>
    );
  }
  return (
    <Box>
      <BackToOrders />
      <OrderDetails order={data} level={1} />
    </Box>
  );
}
