import { useMemo, useState } from 'react';
import { Box, InputAdornment, TextField, Typography } from '@mui/material';
import Search from '@mui/icons-material/Search';
import { DataGrid, type GridColDef, type GridColumnVisibilityModel, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import type { AdminPracticeListQuery, AdminPracticeRow, AdminPracticeSortField } from '@dentalmarket/contracts/admin-practices';
import { displayedRowsLabel, openerColumn, useServerGrid } from '../../dashboard/serverGrid.js';
import { useSettledSearch } from '../../dashboard/useDebouncedValue.js';
import { usePhoneColumns } from '../../dashboard/usePhoneColumns.js';
import { useRowDrawer } from '../../dashboard/useRowDrawer.js';
import { usd } from '../../orders/orderFormat.js';
import { CustomerStatusChip } from '../CustomerStatusChip.js';
import { PracticeDrawer } from './PracticeDrawer.js';
import { exemptionLabel, ownersLabel, termsLabel } from './practiceFormat.js';
import { useGetAdminPracticesQuery } from './practicesApi.js';

const BY_NAME: GridSortModel = [{ field: 'name', sort: 'asc' }];

/** On a phone the grid keeps the practice, its balance and its status; the rest is in the drawer. */
const PHONE_HIDDEN: GridColumnVisibilityModel = { owners: false, payment_terms: false, credit_limit: false, members: false, tax_exempt_until: false };

/** The API's sort of each sortable column. */
const SORTS: Partial<Record<keyof AdminPracticeRow, AdminPracticeSortField>> = { name: 'name', created_at: 'created', members: 'members', open_balance: 'open_balance' };

/** The grid's page, sort and search as the API's query, pages from 1. */
export function practiceListQuery(q: string, pagination: GridPaginationModel, sortModel: GridSortModel): AdminPracticeListQuery {
  const sort = sortModel[0] ?? BY_NAME[0];
  const term = q.trim();
  return {
    ...(term ? { q: term } : {}),
    sort: SORTS[sort.field as keyof AdminPracticeRow] ?? 'name',
    direction: sort.sort === 'desc' ? 'desc' : 'asc',
    page: pagination.page + 1,
    limit: pagination.pageSize,
  };
}

/**
 * Issue 36, the admin's practices: every practice in a grid searched (its name, a member's email),
 * sorted and paged by the server, each row opening the practice's drawer.
 */
export function PracticesGrid() {
  const [typed, setTyped] = useState('');
  const { opened, open, close, gridBox, giveFocusBack } = useRowDrawer<AdminPracticeRow>();
  const { pagination, sortModel, toFirstPage, gridProps } = useServerGrid<AdminPracticeRow>(BY_NAME, open);
  const q = useSettledSearch(typed, toFirstPage);
  const { visibility, setVisibility } = usePhoneColumns(PHONE_HIDDEN);
  const { data, isFetching, isError } = useGetAdminPracticesQuery(practiceListQuery(q, pagination, sortModel), { refetchOnMountOrArgChange: true });

  const columns = useMemo<GridColDef<AdminPracticeRow>[]>(
    () => [
      openerColumn<AdminPracticeRow>({ field: 'name', headerName: 'Practice', flex: 1.3, minWidth: 180 }, (row) => row.name, open),
      { field: 'members', headerName: 'People', type: 'number', width: 90 },
      { field: 'owners', headerName: 'Owners', flex: 1, minWidth: 160, sortable: false, valueGetter: (_value, row) => ownersLabel(row) },
      { field: 'payment_terms', headerName: 'Terms', width: 130, sortable: false, valueGetter: (_value, row) => termsLabel(row) },
      { field: 'credit_limit', headerName: 'Credit limit', width: 120, sortable: false, align: 'right', headerAlign: 'right', valueFormatter: (value: string | null) => (value === null ? '—' : usd(value)) },
      { field: 'open_balance', headerName: 'Open balance', width: 130, align: 'right', headerAlign: 'right', valueFormatter: (value: string) => usd(value) },
      { field: 'tax_exempt_until', headerName: 'Tax exempt', width: 150, sortable: false, valueGetter: (_value, row) => exemptionLabel(row) },
      { field: 'disabled_at', headerName: 'Status', width: 110, sortable: false, renderCell: ({ value }) => <CustomerStatusChip disabledAt={value as string | null} /> },
    ],
    [open],
  );

  return (
    <Box>
      <TextField
        size="small"
        type="search"
        label="Search practices"
        placeholder="Practice name, member email or @domain"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        sx={{ mb: 2, minWidth: { sm: 340 }, width: { xs: '100%', sm: 'auto' } }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { maxLength: 200 },
          input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
        }}
      />
      {isError ? (
        <Typography color="error" sx={{ mb: 1 }}>
          Failed to fetch practices
        </Typography>
      ) : null}
      <Box ref={gridBox} sx={{ height: 560, width: '100%', minWidth: 0 }}>
        <DataGrid
          rows={data?.practices ?? []}
          columns={columns}
          columnVisibilityModel={visibility}
          onColumnVisibilityModelChange={setVisibility}
          rowCount={data?.total ?? 0}
          loading={isFetching}
          {...gridProps}
          localeText={{ noRowsLabel: 'No practices found', paginationDisplayedRows: displayedRowsLabel(data?.total_capped) }}
          aria-label="Practices"
        />
      </Box>
      <PracticeDrawer practice={opened} onClose={close} onClosed={giveFocusBack} />
    </Box>
  );
}
