import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { formatUsd } from '@dentalmarket/contracts';
import { selectCartCount, selectCartSubtotalCents, useAppSelector } from '@dentalmarket/store';
import { CartLines } from '@dentalmarket/ui';
import { orderTotals } from '../totals.js';
import { Totals } from './Totals.js';

/** The order summary beside the checkout form (SPEC §2 Checkout, state 2), in integer cents. */
export function OrderSummary() {
  const count = useAppSelector(selectCartCount);
  const totals = orderTotals(useAppSelector(selectCartSubtotalCents));
  return (
    <Card component="section" aria-label="Order summary">
      <CardContent>
        <Typography variant="h3" component="h2" gutterBottom>
          Order Summary
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {count} {count === 1 ? 'item' : 'items'} in your cart
        </Typography>
        {/* CartLines keeps a name on one line (the drawer's choice); here a name wraps to two lines, then ends in an ellipsis */}
        <Box sx={{ '& li [title]': { whiteSpace: 'normal', overflowWrap: 'anywhere', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical' } }}>
          <CartLines />
        </Box>
        <Divider sx={{ my: 2 }} />
        <Totals subtotal={formatUsd(totals.subtotal)} shipping={formatUsd(totals.shipping)} tax={formatUsd(totals.tax)} total={formatUsd(totals.total)} />
      </CardContent>
    </Card>
  );
}
