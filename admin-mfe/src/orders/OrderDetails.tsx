import { Box, Stack, Typography } from '@mui/material';
import type { Order } from '@dentalmarket/contracts';
import { AddressBlock } from '@dentalmarket/ui';
import { DetailRow as Row, DrawerSection as Section } from '../dashboard/DetailDrawer.js';
import { formatDateTime, STATUS_LABELS, usd } from './orderFormat.js';

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
          <Row label="Total" value={usd(order.total)} strong />
        </Stack>
      </Section>
      <Section title="Status history">
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {order.events.map((event, index) => (
            <Box
              component="li"
              key={`${event.created_at}-${index}`}
              // a vertical line with a dot per change: the timeline
              sx={{ position: 'relative', pl: 3, pb: 2, borderLeft: 2, borderColor: 'divider', ml: 0.75, '&:last-child': { pb: 0 } }}
            >
              <Box sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
              <Typography sx={{ fontWeight: 600 }}>
                {event.from_status ? `${STATUS_LABELS[event.from_status]} → ${STATUS_LABELS[event.to_status]}` : STATUS_LABELS[event.to_status]}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(event.created_at)} · {event.actor}
              </Typography>
              {event.note ? <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{event.note}</Typography> : null}
            </Box>
          ))}
        </Box>
      </Section>
    </>
  );
}
