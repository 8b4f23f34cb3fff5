import { Box, Typography } from '@mui/material';
import type { Order } from '@dentalmarket/contracts';
import { formatMoment, STATUS_LABELS } from './orderFormat.js';

/**
 * The order's status changes, oldest first, as a list with a line down the side (a timeline without
 * @mui/lab). The change to shipped names the carrier and tracking number, when the admin gave them.
 */
export function StatusHistory({ order }: { order: Order }) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {order.events.map((event, index) => (
        <Box
          component="li"
          key={`${event.created_at}-${index}`}
          sx={{ position: 'relative', pl: 3, pb: index === order.events.length - 1 ? 0 : 2, borderLeft: 2, borderColor: 'divider', ml: 0.75 }}
        >
          <Box aria-hidden sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: index === order.events.length - 1 ? 'primary.main' : 'text.disabled' }} />
          <Typography sx={{ fontWeight: 600 }}>{STATUS_LABELS[event.to_status]}</Typography>
          <Typography variant="body2" color="text.secondary">
            <time dateTime={event.created_at}>{formatMoment(event.created_at)}</time>
          </Typography>
          {event.to_status === 'shipped' && order.carrier && <Typography variant="body2">Carrier: {order.carrier}</Typography>}
          {event.to_status === 'shipped' && order.tracking_number && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              Tracking number: {order.tracking_number}
            </Typography>
          )}
          {event.note && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {event.note}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
