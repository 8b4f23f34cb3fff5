import { Box, Button, Card, Typography } from '@mui/material';
import TableCell from '@mui/material/TableCell';
import { Link as RouterLink } from 'react-router';
import type { ServiceRequestListResponse, ServiceRequestSummary } from '@dentalmarket/contracts';
import { useGetMyServiceRequestsQuery } from '@dentalmarket/store';
import { formatCalendarDay, formatDay, money } from './orderFormat.js';
import { ServiceRequestStatusChip } from './ServiceRequestStatusChip.js';
import { ShopperList, wideOnly } from './ShopperList.js';

const narrowOnly = { display: { sm: 'none' } } as const;
const HEADING_ID = 'service-requests-heading';

/** Fetched afresh on each visit: a request's status changes on the supplier's side. */
const useMyServiceRequests = (page: { page: number; limit: number }) => useGetMyServiceRequestsQuery(page, { refetchOnMountOrArgChange: true });

/**
 * Below `sm` two columns: the request (number, service, preferred date, when sent) and its status
 * with the quote under it, so the table fits a 390 px phone without scrolling sideways or breaking words.
 */
function RequestCells({ request }: { request: ServiceRequestSummary }) {
  const preferred = request.preferred_date ? formatCalendarDay(request.preferred_date) : 'Any time';
  const quote = request.quote_amount !== null ? money(request.quote_amount) : null;
  return (
    <>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {request.number}
        </Typography>
        <Box sx={narrowOnly}>{request.product_name}</Box>
        <Typography variant="body2" color="text.secondary" sx={narrowOnly}>
          Preferred: {preferred}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Sent {formatDay(request.created_at)}
          {request.placed_by ? ` by ${request.placed_by}` : ''}
        </Typography>
      </TableCell>
      <TableCell sx={{ ...wideOnly, overflowWrap: 'anywhere' }}>{request.product_name}</TableCell>
      <TableCell sx={wideOnly}>{preferred}</TableCell>
      <TableCell>
        <ServiceRequestStatusChip status={request.status} />
        {quote ? (
          <Typography variant="body2" sx={{ ...narrowOnly, mt: 0.5, whiteSpace: 'nowrap' }}>
            Quote: {quote}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell align="right" sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>
        {quote ?? '—'}
      </TableCell>
    </>
  );
}

/**
 * Issue 21: the signed-in shopper's service requests on /orders, below their orders, newest first and
 * a page at a time: what they asked for, when they would like it, where it stands, and the quote once
 * the supplier sent one.
 */
export function ServiceRequestsSection() {
  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ mt: 5 }}>
      <Typography id={HEADING_ID} variant="h3" component="h2" sx={{ mb: 2 }}>
        Service requests
      </Typography>
      <ShopperList
        name="service requests"
        headingId={HEADING_ID}
        useList={useMyServiceRequests}
        rowsOf={(data: ServiceRequestListResponse) => ({ rows: data.requests, total: data.total })}
        empty={
          <Card variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            <Typography sx={{ mb: 2 }}>No service requests yet.</Typography>
            <Button component={RouterLink} to="/marketplace?type=service" variant="outlined">
              Browse services
            </Button>
          </Card>
        }
        head={
          <>
            <TableCell>Request</TableCell>
            <TableCell sx={wideOnly}>Service</TableCell>
            <TableCell sx={wideOnly}>Preferred date</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right" sx={wideOnly}>
              Quote
            </TableCell>
          </>
        }
        rowKey={(request) => request.number}
        cells={(request) => <RequestCells request={request} />}
      />
    </Box>
  );
}
