import { useMemo, useState } from 'react';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import type { AdminOrderListQuery, OrderStatus, OrderSummary } from '@dentalmarket/contracts';
import { useGetAdminOrdersQuery } from '@dentalmarket/store';
import { displayedRowsLabel, serverGridProps } from '../dashboard/serverGrid.js';
import { useSettledSearch } from '../dashboard/useDebouncedValue.js';
import { useDrawerParam } from '../dashboard/useDrawerParam.js';
import { exportHref, NO_ORDER_FILTERS, OrderFilters, orderFilterParams, type OrderFilterValues } from './OrderFilters.js';
import { OrderDrawer } from './OrderDrawer.js';
import { formatDateTime, usd } from './orderFormat.js';
import { OrderStatusChip } from './OrderStatusChip.js';

const NEWEST_FIRST: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/** The grid's page, sort and filters as the API's query: only chosen filters, pages from 1. */
export function orderListQuery(filters: OrderFilterValues, pagination: GridPaginationModel, sortModel: GridSortModel): AdminOrderListQuery {
  const sort = sortModel[0] ?? NEWEST_FIRST[0];
  return {
    ...orderFilterParams(filters),
    sort: sort.field === 'total' ? 'total' : 'created_at',
    order: sort.sort === 'asc' ? 'asc' : 'desc',
    page: pagination.page + 1,
    limit: pagination.pageSize,
  };
}

/**
 * Issue 18, the admin's orders: a grid searched, filtered, sorted and paged by the server (the table
 * can hold a million orders), each row opening the order's drawer, and the CSV export of the same filter.
 */
export function OrdersGrid() {
  const [filters, setFilters] = useState<OrderFilterValues>(NO_ORDER_FILTERS);
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>(NEWEST_FIRST);
  const q = useSettledSearch(filters.q, () => setPagination((p) => ({ ...p, page: 0 })));
  // the open order is in the address (?order=DM-…): a reload, Back or a shared link shows the same one
  const { opened, open, close, gridBox, giveFocusBack } = useDrawerParam('order');
  const settled = { ...filters, q };
  const { data, isFetching, isError } = useGetAdminOrdersQuery(orderListQuery(settled, pagination, sortModel), { refetchOnMountOrArgChange: true });

  const columns = useMemo<GridColDef<OrderSummary>[]>(
    () => [
      {
        field: 'number',
        headerName: 'Order',
        width: 140,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component="button" type="button" onClick={() => open(row.number)} sx={{ fontWeight: 600 }}>
            {row.number}
          </Link>
        ),
      },
      { field: 'created_at', headerName: 'Date', width: 180, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'full_name', headerName: 'Customer', flex: 1, minWidth: 160, sortable: false },
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 210, sortable: false },
      { field: 'status', headerName: 'Status', width: 130, sortable: false, renderCell: ({ value }) => <OrderStatusChip status={value as OrderStatus} /> },
      { field: 'total', headerName: 'Total', width: 120, align: 'right', headerAlign: 'right', valueFormatter: (value: string) => usd(value) },
      { field: 'line_count', headerName: 'Lines', width: 90, align: 'right', headerAlign: 'right', sortable: false },
    ],
    [open],
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <OrderFilters
          value={filters}
          onChange={(next) => {
            setFilters(next);
            // the search box waits for its pause (above); status and dates apply at once
            if (next.q === filters.q) setPagination((p) => ({ ...p, page: 0 }));
          }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" href={exportHref(orderFilterParams(settled))} download startIcon={<FileDownloadOutlined />}>
          Export CSV
        </Button>
      </Stack>
      {isError ? (
        <Typography color="error" sx={{ mb: 1 }}>
          Failed to fetch orders
        </Typography>
      ) : null}
      {/* the grid scrolls sideways inside its own box on a phone; the page never does */}
      <Box ref={gridBox} sx={{ height: 560, width: '100%', minWidth: 0 }}>
        <DataGrid
          rows={data?.orders ?? []}
          columns={columns}
          getRowId={(row) => row.number}
          rowCount={data?.total ?? 0}
          loading={isFetching}
          {...serverGridProps(pagination, setPagination)}
          pageSizeOptions={[25, 50, 100]}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model.length ? model : NEWEST_FIRST);
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          onRowClick={({ row }) => open(row.number)}
          onCellKeyDown={({ row }, event) => {
            if (event.key === 'Enter') open(row.number);
          }}
          localeText={{
            noRowsLabel: 'No orders found',
            paginationDisplayedRows: displayedRowsLabel(data?.total_capped),
          }}
          aria-label="Orders"
        />
      </Box>
      <OrderDrawer number={opened} onClose={close} onClosed={giveFocusBack} />
    </Box>
  );
}
