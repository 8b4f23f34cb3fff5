import { useId, useState, type ReactNode } from 'react';
import { Box, CircularProgress, Divider, Drawer, IconButton, Link, Stack, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import type { ServiceRequest } from '@dentalmarket/contracts';
import { useGetAdminServiceRequestQuery } from '@dentalmarket/store';
import { formatDateTime, usd } from '../orderFormat.js';
import { formatCalendarDay, STATUS_LABELS } from './serviceRequestFormat.js';
import { ServiceRequestStatusActions } from './ServiceRequestStatusActions.js';
import { ServiceRequestStatusChip } from './ServiceRequestStatusChip.js';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The request's fields as a description list: label, then its value. */
function Fields({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px minmax(0, 1fr)' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1 } }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Details({ request }: { request: ServiceRequest }) {
  return (
    <>
      <Section title="Request">
        <Fields
          rows={[
            ['Service', request.product_name],
            ['Practice', request.practice_name],
            ['Contact', request.contact_name],
            ['Email', <Link href={`mailto:${request.email}`}>{request.email}</Link>],
            ['Phone', <Link href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>{request.phone}</Link>],
            ['Preferred date', request.preferred_date ? formatCalendarDay(request.preferred_date) : 'Any time'],
            ['Message', request.message ?? '—'],
          ]}
        />
      </Section>
      {request.quote_amount !== null ? (
        <Section title="Quote">
          <Fields rows={[['Amount', usd(request.quote_amount)], ...(request.quote_note ? [['Note', request.quote_note] as [string, string]] : [])]} />
        </Section>
      ) : null}
      <Section title="Status history">
        <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {request.events.map((event, index) => (
            <Box
              component="li"
              key={`${event.created_at}-${index}`}
              // a vertical line with a dot per change: the timeline, as in the order drawer
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

export interface ServiceRequestDrawerProps {
  /** the request shown; null closes the drawer */
  number: string | null;
  onClose: () => void;
  /** after the closing transition: the caller gives focus back (the opener may have left the page) */
  onClosed: () => void;
}

/** One service request from the admin grid: its workflow, every field the shopper sent, the quote and the history. Named by its heading. */
export function ServiceRequestDrawer({ number, onClose, onClosed }: ServiceRequestDrawerProps) {
  const titleId = useId();
  // the last request stays rendered while the drawer slides out
  const [shown, setShown] = useState(number);
  if (number !== null && number !== shown) setShown(number);
  const { data: request, isError } = useGetAdminServiceRequestQuery(shown ?? '', { skip: shown === null });

  return (
    <Drawer
      anchor="right"
      open={number !== null}
      onClose={onClose}
      disableRestoreFocus
      slotProps={{
        paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 560 } } },
        transition: { onExited: onClosed },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.5, gap: 1 }}>
        <Typography id={titleId} variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          Service request {shown}
        </Typography>
        <IconButton aria-label="Close service request" onClick={onClose}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flexGrow: 1, overflowY: 'auto', p: 2 }}>
        {request && request.number === shown ? (
          <Stack spacing={3}>
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <ServiceRequestStatusChip status={request.status} />
              <Typography color="text.secondary">Received {formatDateTime(request.created_at)}</Typography>
            </Stack>
            <ServiceRequestStatusActions request={request} />
            <Details request={request} />
          </Stack>
        ) : isError ? (
          <Typography color="error">Failed to fetch the service request</Typography>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading service request" />
          </Box>
        )}
      </Box>
    </Drawer>
  );
}
