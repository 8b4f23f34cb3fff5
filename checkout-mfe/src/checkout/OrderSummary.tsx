import { Box, Card, CardContent, Divider, Typography } from '@mui/material';
import { formatUsd, taxExemptReason } from '@dentalmarket/contracts';
import { usePracticeOrdering } from '../form/PurchaseOrderCard.js';
import { selectCartCount, selectCartSubtotalCents, useAppSelector } from '@dentalmarket/store';
import { CartLines } from '@dentalmarket/ui';
import { orderTotals } from '../totals.js';
import { Totals } from './Totals.js';

/** The order summary beside the checkout form (SPEC §2 Checkout, state 2), in integer cents. */
export function OrderSummary() {
  const count = useAppSelector(selectCartCount);
  const practice = usePracticeOrdering();
  // issue 36: a practice with a valid tax-exemption certificate pays no tax (the server decides; it refuses a checkout that showed another tax)
  const exempt = practice?.tax_exempt_now === true && practice.tax_exemption !== null;
  const totals = orderTotals(useAppSelector(selectCartSubtotalCents), exempt);
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
        <Totals subtotal={formatUsd(totals.subtotal)} shipping={formatUsd(totals.shipping)} tax={formatUsd(totals.tax)} total={formatUsd(totals.total)}
          taxNote={exempt ? taxExemptReason(practice.tax_exemption!.certificate, practice.tax_exemption!.valid_until) : null}
        />
      </CardContent>
    </Card>
  );
}
