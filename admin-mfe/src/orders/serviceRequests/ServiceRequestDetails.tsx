import type { ReactNode } from 'react';
import { Box, Link, Typography } from '@mui/material';
import type { ServiceRequest } from '@dentalmarket/contracts';
import { DrawerSection as Section } from '../../dashboard/DetailDrawer.js';
import { usd } from '../orderFormat.js';
import { StatusHistory } from '../StatusHistory.js';
import { formatCalendarDay, STATUS_LABELS } from './serviceRequestFormat.js';

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

/** The request as the shopper sent it, the quote once there is one, and every status change. */
export function ServiceRequestDetails({ request }: { request: ServiceRequest }) {
  return (
    <>
      <Section title="Request">
        <Fields
          rows={[
            ['Service', request.product_name],
            ['Practice', request.practice_name],
            ['Contact', request.contact_name],
            // issue 36: the practice member who sent it (full name, else username); a guest's has none
            ['Sent by', request.placed_by ?? 'Guest (not signed in)'],
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
      <StatusHistory events={request.events} labels={STATUS_LABELS} />
    </>
  );
}
