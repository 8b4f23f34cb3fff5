import { useState, type ReactNode } from 'react';
import { Alert, Button, Card } from '@mui/material';
// the table's parts by their own paths: the shared @mui/material facade carries only the first pages' components
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { errorText } from '@dentalmarket/store';
import { PageSpinner } from '@dentalmarket/ui';
import { LIST_PAGE_SIZES } from './orderFormat.js';

/** A cell shown from `sm` up: each list puts what it hides on a phone under another cell, so it fits 390 px without scrolling sideways. */
export const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** One page of a shopper's list as its RTK Query hook returns it. */
interface ListResult<D> {
  data?: D;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ShopperListProps<R, D> {
  /** what is listed, in the page's words: 'orders', 'service requests' ('Loading orders') */
  name: string;
  /** the heading that names the table */
  headingId: string;
  /** the orders' card is a region of its own, named by the page's heading (the requests' whole section is one) */
  cardIsRegion?: boolean;
  /** the list's query hook for a page (the same hook on every render) */
  useList: (page: { page: number; limit: number }) => ListResult<D>;
  /** a page's rows and the count of all */
  rowsOf: (data: D) => { rows: R[]; total: number };
  /** shown instead of the table while there are none */
  empty: ReactNode;
  /** the header row's cells */
  head: ReactNode;
  /** a row's cells */
  cells: (row: R) => ReactNode;
  rowKey: (row: R) => string;
  /** rows shade under the pointer (the orders', whose numbers are links) */
  hover?: boolean;
}

/**
 * A signed-in shopper's list on /orders (their orders, their service requests): newest first, a page
 * at a time, with its loading, failure (and Retry) and empty states.
 */
export function ShopperList<R, D>({ name, headingId, cardIsRegion, useList, rowsOf, empty, head, cells, rowKey, hover }: ShopperListProps<R, D>) {
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(LIST_PAGE_SIZES[0]);
  const { data, error, isLoading, isFetching, refetch } = useList({ page: page + 1, limit });

  if (isLoading) return <PageSpinner label={`Loading ${name}`} />;
  if (!data) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
        Your {name} could not be loaded ({errorText(error)}).
      </Alert>
    );
  }
  const { rows, total } = rowsOf(data);
  if (total === 0) return empty;
  return (
    <Card component={cardIsRegion ? 'section' : 'div'} aria-labelledby={cardIsRegion ? headingId : undefined}>
      <TableContainer>
        <Table aria-labelledby={headingId} aria-busy={isFetching} size="small">
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={rowKey(row)} hover={hover}>
                {cells(row)}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
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
