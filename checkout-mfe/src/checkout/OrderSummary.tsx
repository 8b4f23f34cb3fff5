import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { formatUsd } from '@dentalmarket/contracts';
import { selectCartCount, selectCartSubtotalCents, useAppSelector } from '@dentalmarket/store';
import { CartLines } from '@dentalmarket/ui';
import { orderTotals } from '../totals.js';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }} data-testid={`total-${label.toLowerCase()}`}>
        {value}
      </Typography>
    </Box>
  );
}

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
        <Row label="Subtotal" value={formatUsd(totals.subtotal)} />
        <Row label="Shipping" value={formatUsd(totals.shipping)} />
        <Row label="Tax" value={formatUsd(totals.tax)} />
        <Divider sx={{ my: 1 }} />
        <Row label="Total" value={formatUsd(totals.total)} strong />
      </CardContent>
    </Card>
  );
}
