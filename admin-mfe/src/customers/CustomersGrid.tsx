import { useMemo, useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { usePhoneColumns } from '../dashboard/usePhoneColumns.js';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import type { CustomerListQuery, CustomerRow, CustomerSortField } from '@dentalmarket/contracts';
import { useGetAdminCustomersQuery } from './customersApi.js';
import { displayedRowsLabel, openerColumn, useServerGrid } from '../dashboard/serverGrid.js';
import { useSettledSearch } from '../dashboard/useDebouncedValue.js';
import { useRowDrawer } from '../dashboard/useRowDrawer.js';
import { usd } from '../orders/orderFormat.js';
import { CustomerDrawer } from './CustomerDrawer.js';
import { CustomerFilters, customerFilterParams, NO_CUSTOMER_FILTERS, type CustomerFilterValues } from './CustomerFilters.js';
import { formatDate } from './customerFormat.js';
import { CustomerStatusChip } from './CustomerStatusChip.js';

const NEWEST_FIRST: GridSortModel = [{ field: 'registered_at', sort: 'desc' }];

/** On a phone the grid keeps who, what they spent and whether they may sign in; the dates are in the drawer. */
const PHONE_HIDDEN: GridColumnVisibilityModel = { registered_at: false, last_order_at: false };

/** The API's sort of each sortable column. */
const SORTS: Partial<Record<keyof CustomerRow, CustomerSortField>> = {
  username: 'username',
  email: 'email',
  registered_at: 'registered',
  orders: 'orders',
  total_spent: 'spent',
  last_order_at: 'last_order',
};

/** The grid's page, sort and filters as the API's query: only chosen filters, pages from 1. */
export function customerListQuery(filters: CustomerFilterValues, pagination: GridPaginationModel, sortModel: GridSortModel): CustomerListQuery {
  const sort = sortModel[0] ?? NEWEST_FIRST[0];
  return {
    ...customerFilterParams(filters),
    sort: SORTS[sort.field as keyof CustomerRow] ?? 'registered',
    direction: sort.sort === 'asc' ? 'asc' : 'desc',
    page: pagination.page + 1,
    limit: pagination.pageSize,
  };
}

/**
 * Issue 21, the admin's customers: every account in a grid searched, filtered, sorted and paged by
 * the server, each row opening the customer's drawer.
 */
export function CustomersGrid() {
  const [filters, setFilters] = useState<CustomerFilterValues>(NO_CUSTOMER_FILTERS);
  const { opened, open, close, gridBox, giveFocusBack } = useRowDrawer<CustomerRow>();
  const { pagination, sortModel, toFirstPage, gridProps } = useServerGrid<CustomerRow>(NEWEST_FIRST, open);
  const q = useSettledSearch(filters.q, toFirstPage);
  const { visibility, setVisibility } = usePhoneColumns(PHONE_HIDDEN);
  const { data, isFetching, isError } = useGetAdminCustomersQuery(customerListQuery({ ...filters, q }, pagination, sortModel), { refetchOnMountOrArgChange: true });

  const columns = useMemo<GridColDef<CustomerRow>[]>(
    () => [
      openerColumn<CustomerRow>({ field: 'username', headerName: 'Username', flex: 1, minWidth: 150 }, (row) => row.username, open),
      { field: 'email', headerName: 'Email', flex: 1.3, minWidth: 210 },
      { field: 'registered_at', headerName: 'Registered', width: 130, valueFormatter: (value: string) => formatDate(value) },
      { field: 'orders', headerName: 'Orders', type: 'number', width: 100 },
      { field: 'total_spent', headerName: 'Total spent', width: 130, align: 'right', headerAlign: 'right', valueFormatter: (value: string) => usd(value) },
      { field: 'last_order_at', headerName: 'Last order', width: 130, valueFormatter: (value: string | null) => formatDate(value) },
      { field: 'disabled_at', headerName: 'Status', width: 110, sortable: false, renderCell: ({ value }) => <CustomerStatusChip disabledAt={value as string | null} /> },
    ],
    [open],
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <CustomerFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            // the search box waits for its pause (useSettledSearch); the role applies at once
            if (next.q === filters.q) toFirstPage();
          }}
        />
      </Stack>
      {isError ? (
        <Typography color="error" sx={{ mb: 1 }}>
          Failed to fetch customers
        </Typography>
      ) : null}
      {/* the grid scrolls sideways inside its own box on a phone; the page never does */}
      <Box ref={gridBox} sx={{ height: 560, width: '100%', minWidth: 0 }}>
        <DataGrid
          rows={data?.customers ?? []}
          columns={columns}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={setVisibility}
          rowCount={data?.total ?? 0}
          loading={isFetching}
          {...gridProps}
          localeText={{ noRowsLabel: 'No customers found', paginationDisplayedRows: displayedRowsLabel(data?.total_capped) }}
          aria-label="Customers"
        />
      </Box>
      <CustomerDrawer customer={opened} onClose={close} onClosed={giveFocusBack} />
    </Box>
  );
}
