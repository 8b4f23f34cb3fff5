import { Box, Typography } from '@mui/material';
import { DrawerSection } from '../dashboard/DetailDrawer.js';
import { formatDateTime } from './orderFormat.js';

/** One change of a workflow's status (an order's, a service request's), as the API records it. */
export interface StatusEvent<S extends string> {
  from_status: S | null;
  to_status: S;
  actor: string;
  note: string | null;
  created_at: string;
}

/** A drawer's 'Status history': every change, oldest first, when and by whom, with its note. */
export function StatusHistory<S extends string>({ events, labels }: { events: readonly StatusEvent<S>[]; labels: Record<S, string> }) {
  return (
    <DrawerSection title="Status history">
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {events.map((event, index) => (
          <Box
            component="li"
            key={`${event.created_at}-${index}`}
            // a vertical line with a dot per change: the timeline
            sx={{ position: 'relative', pl: 3, pb: 2, borderLeft: 2, borderColor: 'divider', ml: 0.75, '&:last-child': { pb: 0 } }}
          >
            <Box sx={{ position: 'absolute', left: -7, top: 4, width: 12, height: 12, borderRadius: '50%', bgcolor: 'primary.main' }} />
            <Typography sx={{ fontWeight: 600 }}>
              {event.from_status ? `${labels[event.from_status]} → ${labels[event.to_status]}` : labels[event.to_status]}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDateTime(event.created_at)} · {event.actor}
            </Typography>
            {event.note ? <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{event.note}</Typography> : null}
          </Box>
        ))}
      </Box>
    </DrawerSection>
  );
}
