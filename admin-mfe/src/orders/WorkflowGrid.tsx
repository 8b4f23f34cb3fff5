import { useCallback, useMemo, useState, type ComponentType } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridLocaleText, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { openerColumn, useServerGrid } from '../dashboard/serverGrid.js';
import { useSettledSearch } from '../dashboard/useDebouncedValue.js';
import { useDrawerParam } from '../dashboard/useDrawerParam.js';
import type { RecordDrawerProps } from './WorkflowDrawer.js';

const NEWEST_FIRST: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/** The list query's page and sort, as the grid sets them: pages from 1, the date created unless `K` is chosen. */
export interface PageQuery<K extends string> {
  sort: 'created_at' | K;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

function pageQuery<K extends string>(sortField: K, pagination: GridPaginationModel, sortModel: GridSortModel): PageQuery<K> {
  const sort = sortModel[0] ?? NEWEST_FIRST[0];
  return {
    sort: sort.field === sortField ? sortField : 'created_at',
    order: sort.sort === 'asc' ? 'asc' : 'desc',
    page: pagination.page + 1,
    limit: pagination.pageSize,
  };
}

/** The filter bar's props: the filters as typed, and as the list asks them (the search once it settles). */
export interface FilterBarProps<F> {
  value: F;
  onChange: (next: F) => void;
  settled: F;
}

export interface WorkflowGridProps<R extends { number: string }, F extends { q: string }, P, K extends string, D> {
  /** what is listed, as the grid's name: 'Orders' ('Failed to fetch orders') */
  name: string;
  /** the filters before any is chosen */
  noFilters: F;
  /** the list query's filter params: only those chosen are sent */
  filterParams: (filters: F) => P;
  /** the column the server sorts by besides the date created ('created_at', the default, newest first) */
  sortField: K;
  /** the RTK Query hook of one page of the list (the same hook on every render) */
  useList: (query: P & PageQuery<K>, options: { refetchOnMountOrArgChange: true }) => { data?: D; isFetching: boolean; isError: boolean };
  /** a page's rows and the count of all that match */
  rowsOf: (data: D) => { rows: R[]; total: number };
  /** the search and filters above the grid, and whatever goes beside them (the CSV export) */
  FilterBar: ComponentType<FilterBarProps<F>>;
  /** the first column's header and width: each row's number, a link that opens its drawer */
  numberHeader: string;
  numberWidth: number;
  /** the columns after the number */
  columns: GridColDef<R>[];
  /** the grid's texts: what it says without rows, and the pager's count */
  localeText: (data: D | undefined) => Partial<GridLocaleText>;
  /** the address's key of the open record (`?order=DM-…`): a reload, Back or a shared link shows the same one */
  drawerParam: string;
  Drawer: ComponentType<RecordDrawerProps>;
}

/**
 * A workflow's admin grid (orders, service requests): searched, filtered, sorted and paged by the
 * server, each row opening the record's drawer. A search is asked once it settles and from page 1,
 * any other filter at once; focus goes back to the row's link when the drawer closes.
 */
export function WorkflowGrid<R extends { number: string }, F extends { q: string }, P, K extends string, D>({
  name,
  noFilters,
  filterParams,
  sortField,
  useList,
  rowsOf,
  FilterBar,
  numberHeader,
  numberWidth,
  columns,
  localeText,
  drawerParam,
  Drawer,
}: WorkflowGridProps<R, F, P, K, D>) {
  const [filters, setFilters] = useState<F>(noFilters);
  const { opened, open, close, gridBox, giveFocusBack } = useDrawerParam(drawerParam);
  const openRow = useCallback((row: R) => open(row.number), [open]);
  const { pagination, sortModel, toFirstPage, gridProps } = useServerGrid<R>(NEWEST_FIRST, openRow);
  const q = useSettledSearch(filters.q, toFirstPage);
  const settled = { ...filters, q };
  const { data, isFetching, isError } = useList({ ...filterParams(settled), ...pageQuery(sortField, pagination, sortModel) }, { refetchOnMountOrArgChange: true });
  const page = data ? rowsOf(data) : { rows: [], total: 0 };

  const allColumns = useMemo<GridColDef<R>[]>(
    () => [
      openerColumn<R>({ field: 'number', headerName: numberHeader, width: numberWidth, sortable: false }, (row) => row.number, openRow),
      ...columns,
    ],
    [numberHeader, numberWidth, columns, openRow],
  );

  return (
    <Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <FilterBar
          value={filters}
          onChange={(next) => {
            setFilters(next);
            // the search box waits for its pause (above); the other filters apply at once
            if (next.q === filters.q) toFirstPage();
          }}
          settled={settled}
        />
      </Stack>
      {isError ? (
        <Typography color="error" sx={{ mb: 1 }}>
          Failed to fetch {name.toLowerCase()}
        </Typography>
      ) : null}
      {/* the grid scrolls sideways inside its own box on a phone; the page never does */}
      <Box ref={gridBox} sx={{ height: 560, width: '100%', minWidth: 0 }}>
        <DataGrid
          rows={page.rows}
          columns={allColumns}
          getRowId={(row) => row.number}
          rowCount={page.total}
          loading={isFetching}
          {...gridProps}
          localeText={localeText(data)}
          aria-label={name}
        />
      </Box>
      <Drawer number={opened} onClose={close} onClosed={giveFocusBack} />
    </Box>
  );
}
