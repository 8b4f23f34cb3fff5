import { useState, type ReactNode } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import { DrawerSection } from '../../dashboard/DetailDrawer.js';

/** What a paged drawer list fetched: its rows and the count of all. */
export interface PagedRows<T> {
  rows: T[];
  total: number;
  total_capped?: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * A drawer section that lists one page of a practice's records (its orders, its invoices), fetched
 * by `usePage(page)`, with 'Newer' / 'Older' buttons and where the page is ('11–20 of 42').
 */
export function PagedSection<T>({
  title,
  noun,
  one,
  empty,
  pageSize,
  usePage,
  renderRow,
}: {
  title: string;
  /** the records, plural, as the pager counts them ('orders') */
  noun: string;
  /** one of them ('order') */
  one: string;
  empty: string;
  pageSize: number;
  usePage: (page: number) => { data?: PagedRows<T>; isError: boolean; isFetching: boolean };
  renderRow: (row: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const { data, isError, isFetching } = usePage(page);
  const from = (page - 1) * pageSize + 1;
  const last = data ? Math.ceil(data.total / pageSize) : 1;
  return (
    <DrawerSection title={title}>
      {isError ? <Typography color="error">Failed to fetch the {noun}</Typography> : null}
      {!data && !isError ? <Typography color="text.secondary">Loading {noun}…</Typography> : null}
      {data && data.total === 0 ? <Typography color="text.secondary">{empty}</Typography> : null}
      {data && data.rows.length > 0 ? (
        <>
          <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-busy={isFetching}>
            {data.rows.map(renderRow)}
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1.5, flexWrap: 'wrap' }} useFlexGap>
            <Typography variant="body2" color="text.secondary" role="status">
              {count(from)}–{count(from + data.rows.length - 1)} of {data.total_capped ? `more than ${count(data.total)}` : count(data.total)} {data.total === 1 ? one : noun}
            </Typography>
            {data.total > pageSize ? (
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="outlined" disabled={page === 1 || isFetching} onClick={() => setPage((p) => p - 1)} aria-label={`Newer ${noun}`}>
                  Newer
                </Button>
                <Button size="small" variant="outlined" disabled={page >= last || isFetching} onClick={() => setPage((p) => p + 1)} aria-label={`Older ${noun}`}>
                  Older
                </Button>
              </Stack>
            ) : null}
          </Stack>
        </>
      ) : null}
    </DrawerSection>
  );
}
