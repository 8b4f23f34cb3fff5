import { useState } from 'react';
import { Alert, Box, Button, Card, Typography } from '@mui/material';
// the table's parts by their own paths: the shared @mui/material facade carries only the first pages' components
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { errorText, useGetMyServiceRequestsQuery } from '@dentalmarket/store';
import { PageSpinner } from '@dentalmarket/ui';
import { formatCalendarDay, formatDay, LIST_PAGE_SIZES, money } from './orderFormat.js';
import { ServiceRequestStatusChip } from './ServiceRequestStatusChip.js';

/**
 * Below `sm` two columns: the request (number, service, preferred date, when sent) and its status
 * with the quote under it, so the table fits a 390 px phone without scrolling sideways or breaking words.
 */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;
const narrowOnly = { display: { sm: 'none' } } as const;
const HEADING_ID = 'service-requests-heading';

/**
 * Issue 21: the signed-in shopper's service requests on /orders, below their orders, newest first and
 * a page at a time: what they asked for, when they would like it, where it stands, and the quote once
 * the supplier sent one. Fetched afresh on each visit, as a request's status changes on the supplier's side.
 */
export function ServiceRequestsSection() {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(LIST_PAGE_SIZES[0]);
  const { data, error, isLoading, isFetching, refetch } = useGetMyServiceRequestsQuery({ page: page + 1, limit }, { refetchOnMountOrArgChange: true });

  let body;
  if (isLoading) body = <PageSpinner label="Loading service requests" />;
  else if (!data) {
    body = (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
        Your service requests could not be loaded ({errorText(error)}).
      </Alert>
    );
  } else if (data.total === 0) {
    body = (
      <Card variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ mb: 2 }}>No service requests yet.</Typography>
        <Button component={RouterLink} to="/marketplace?type=service" variant="outlined">
          Browse services
        </Button>
      </Card>
    );
  } else {
    body = (
      <Card>
        <TableContainer>
          <Table aria-labelledby={HEADING_ID} aria-busy={isFetching} size="small">
            <TableHead>
              <TableRow>
                <TableCell>Request</TableCell>
                <TableCell sx={wideOnly}>Service</TableCell>
                <TableCell sx={wideOnly}>Preferred date</TableCell>
                <TableCell>Status</TableCell>
                <TableCell align="right" sx={wideOnly}>
                  Quote
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.requests.map((request) => {
                const preferred = request.preferred_date ? formatCalendarDay(request.preferred_date) : 'Any time';
                const quote = request.quote_amount !== null ? money(request.quote_amount) : null;
                return (
                  <TableRow key={request.number}>
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
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={data.total}
          page={page}
          rowsPerPage={limit}
          rowsPerPageOptions={LIST_PAGE_SIZES}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setLimit(Number(event.target.value));
            setPage(0);
          }}
          sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' } }}
        />
      </Card>
    );
  }
  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ mt: 5 }}>
      <Typography id={HEADING_ID} variant="h3" component="h2" sx={{ mb: 2 }}>
        Service requests
      </Typography>
      {body}
    </Box>
  );
}
