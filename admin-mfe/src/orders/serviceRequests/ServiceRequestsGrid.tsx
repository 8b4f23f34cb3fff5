import { useMemo, useState } from 'react';
import { Box, InputAdornment, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import Search from '@mui/icons-material/Search';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { SERVICE_REQUEST_STATUSES, type AdminServiceRequestListQuery, type ServiceRequestStatus, type ServiceRequestSummary } from '@dentalmarket/contracts';
import { useGetAdminServiceRequestsQuery } from '@dentalmarket/store';
import { serverGridProps } from '../../dashboard/serverGrid.js';
import { formatDateTime, usd } from '../orderFormat.js';
import { useDebouncedValue } from '../../dashboard/useDebouncedValue.js';
import { useDrawerParam } from '../../dashboard/useDrawerParam.js';
import { ServiceRequestDrawer } from './ServiceRequestDrawer.js';
import { formatCalendarDay, STATUS_LABELS } from './serviceRequestFormat.js';
import { ServiceRequestStatusChip } from './ServiceRequestStatusChip.js';

/** The grid's filters as chosen; '' is 'all'. */
export interface ServiceRequestFilterValues {
  q: string;
  status: ServiceRequestStatus | '';
}

const NEWEST_FIRST: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/** The grid's page, sort and filters as the API's query: only chosen filters, pages from 1. */
export function serviceRequestListQuery(filters: ServiceRequestFilterValues, pagination: GridPaginationModel, sortModel: GridSortModel): AdminServiceRequestListQuery {
  const sort = sortModel[0] ?? NEWEST_FIRST[0];
  const q = filters.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    sort: sort.field === 'preferred_date' ? 'preferred_date' : 'created_at',
    order: sort.sort === 'asc' ? 'asc' : 'desc',
    page: pagination.page + 1,
    limit: pagination.pageSize,
  };
}

const dash = (value: string | null, format: (v: string) => string) => (value ? format(value) : '—');

/**
 * Issue 21, the admin's service requests: a grid searched, filtered, sorted and paged by the server,
 * each row opening the request's drawer with its workflow. The orders grid's habits: a search asked
 * once it settles and from page 1, focus back on the row's link when the drawer closes.
 */
export function ServiceRequestsGrid() {
  const [filters, setFilters] = useState<ServiceRequestFilterValues>({ q: '', status: '' });
  const q = useDebouncedValue(filters.q.trim());
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>(NEWEST_FIRST);
  // the open request is in the address (?request=SR-…): a reload, Back or a shared link shows the same one
  const { opened, open, close, gridBox, giveFocusBack } = useDrawerParam('request');

  // a settled new search starts again at page 1, set while rendering so page 3 of the old search is never asked
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setPagination((p) => ({ ...p, page: 0 }));
  }
  const { data, isFetching, isError } = useGetAdminServiceRequestsQuery(serviceRequestListQuery({ ...filters, q }, pagination, sortModel), { refetchOnMountOrArgChange: true });

  const columns = useMemo<GridColDef<ServiceRequestSummary>[]>(
    () => [
      {
        field: 'number',
        headerName: 'Number',
        width: 120,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component="button" type="button" onClick={() => open(row.number)} sx={{ fontWeight: 600 }}>
            {row.number}
          </Link>
        ),
      },
      { field: 'created_at', headerName: 'Received', width: 165, valueFormatter: (value: string) => formatDateTime(value) },
      { field: 'product_name', headerName: 'Service', flex: 1, minWidth: 150, sortable: false },
      { field: 'practice_name', headerName: 'Practice', flex: 1, minWidth: 140, sortable: false },
      { field: 'contact_name', headerName: 'Contact', width: 140, sortable: false },
      { field: 'email', headerName: 'Email', flex: 1, minWidth: 180, sortable: false },
      { field: 'preferred_date', headerName: 'Preferred date', width: 130, valueFormatter: (value: string | null) => dash(value, formatCalendarDay) },
      { field: 'status', headerName: 'Status', width: 110, sortable: false, renderCell: ({ value }) => <ServiceRequestStatusChip status={value as ServiceRequestStatus} /> },
      { field: 'quote_amount', headerName: 'Quote', width: 100, align: 'right', headerAlign: 'right', sortable: false, valueFormatter: (value: string | null) => dash(value, usd) },
    ],
    [open],
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          placeholder="Search service requests..."
          value={filters.q}
          onChange={(event) => setFilters({ ...filters, q: event.target.value })}
          sx={{ minWidth: { sm: 300 } }}
          slotProps={{
            htmlInput: { 'aria-label': 'Search service requests by number, email, practice or contact' },
            input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
          }}
        />
        <TextField
          size="small"
          select
          label="Status"
          value={filters.status}
          onChange={(event) => {
            setFilters({ ...filters, status: event.target.value as ServiceRequestStatus | '' });
            setPagination((p) => ({ ...p, page: 0 }));
          }}
          sx={{ minWidth: 150 }}
        >
          <MenuItem value="">All statuses</MenuItem>
          {SERVICE_REQUEST_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {STATUS_LABELS[status]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {isError ? (
        <Typography color="error" sx={{ mb: 1 }}>
          Failed to fetch service requests
        </Typography>
      ) : null}
      {/* the grid scrolls sideways inside its own box on a phone; the page never does */}
      <Box ref={gridBox} sx={{ height: 560, width: '100%', minWidth: 0 }}>
        <DataGrid
          rows={data?.requests ?? []}
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
          localeText={{ noRowsLabel: 'No service requests found' }}
          aria-label="Service requests"
        />
      </Box>
      <ServiceRequestDrawer number={opened} onClose={close} onClosed={giveFocusBack} />
    </Box>
  );
}
