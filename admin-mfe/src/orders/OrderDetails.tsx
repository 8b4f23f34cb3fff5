import { Box, Stack, Typography } from '@mui/material';
import { type Order, taxExemptReason } from '@dentalmarket/contracts';
import { AddressBlock } from '@dentalmarket/ui';
import { DetailRow as Row, DrawerSection as Section } from '../dashboard/DetailDrawer.js';
import { STATUS_LABELS, usd } from './orderFormat.js';
import { StatusHistory } from './StatusHistory.js';

/** The order as placed: its lines (snapshots), where it goes, the totals and every status change. */
export function OrderDetails({ order }: { order: Order }) {
  const { shipping } = order;
  return (
    <>
      <Section title="Items">
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {order.lines.map((line) => (
            <Box component="li" key={line.product_id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{line.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {line.manufacturer} · Qty: {line.quantity} × {usd(line.unit_price)}
                </Typography>
              </Box>
              <Typography sx={{ whiteSpace: 'nowrap' }}>{usd(line.line_total)}</Typography>
            </Box>
          ))}
        </Stack>
      </Section>
      <Section title="Shipping address">
        {order.po_number ? <Typography sx={{ mb: 1, overflowWrap: 'anywhere' }}>PO number: {order.po_number}</Typography> : null}
        <AddressBlock shipping={shipping} />
        {order.carrier || order.tracking_number ? (
          <Typography sx={{ mt: 1 }}>
            {[order.carrier, order.tracking_number && `Tracking number ${order.tracking_number}`].filter(Boolean).join(' · ')}
          </Typography>
        ) : null}
      </Section>
      <Section title="Totals">
        <Stack spacing={0.5}>
          <Row label="Subtotal" value={usd(order.subtotal)} />
          <Row label="Shipping" value={usd(order.shipping_cost)} />
          <Row label="Tax" value={usd(order.tax)} />
          {order.tax_exempt_certificate ? (
            <Typography variant="body2" color="text.secondary" data-testid="tax-exempt-reason">
              {taxExemptReason(order.tax_exempt_certificate, order.tax_exempt_until ?? '')}
            </Typography>
          ) : null}
          <Row label="Total" value={usd(order.total)} strong />
        </Stack>
      </Section>
      <StatusHistory events={order.events} labels={STATUS_LABELS} />
    </>
  );
}
