import { useCallback, useState, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react';
import { Link } from '@mui/material';
import type { GridCellParams, GridColDef, GridPaginationModel, GridRowParams, GridSortModel, GridValidRowModel, MuiEvent } from '@mui/x-data-grid';

/**
 * The DataGrid props of an admin list that the server pages, sorts and filters (products, orders):
 * the grid only shows the page it is given, and a new page size starts again at page 1 (page 2 of
 * 50 rows is not where the admin was).
 */
export function serverGridProps(pagination: GridPaginationModel, setPagination: Dispatch<SetStateAction<GridPaginationModel>>) {
  return {
    paginationMode: 'server',
    sortingMode: 'server',
    filterMode: 'server',
    disableColumnFilter: true,
    disableRowSelectionOnClick: true,
    paginationModel: pagination,
    onPaginationModelChange: (model: GridPaginationModel) => setPagination((p) => (model.pageSize === p.pageSize ? model : { page: 0, pageSize: model.pageSize })),
  } as const;
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The pager's 'from–to of count': a search's count stops at 1,000 (the API says `total_capped`),
 * so pages go that far and the label says there are more.
 */
export function displayedRowsLabel(capped: boolean | undefined) {
  return ({ from, to, count: total }: { from: number; to: number; count: number }) => `${count(from)}–${count(to)} of ${capped ? `more than ${count(total)}` : count(total)}`;
}

/** The page sizes of the admin lists that open a drawer per row. */
const PAGE_SIZES = [25, 50, 100];

/**
 * The state and DataGrid props every admin list that opens a drawer per row shares (orders, service
 * requests, customers, practices): 25 rows a page, a sort that falls back to `defaultSort` and starts
 * again at page 1, and a row opened by a click or by Enter on any of its cells. `toFirstPage` is for
 * a filter or a settled search.
 */
export function useServerGrid<R extends GridValidRowModel>(defaultSort: GridSortModel, open: (row: R) => void) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 25 });
  const [sortModel, setSortModel] = useState<GridSortModel>(defaultSort);
  const toFirstPage = useCallback(() => setPagination((p) => ({ ...p, page: 0 })), []);
  const gridProps = {
    ...serverGridProps(pagination, setPagination),
    pageSizeOptions: PAGE_SIZES,
    sortModel,
    onSortModelChange: (model: GridSortModel) => {
      setSortModel(model.length ? model : defaultSort);
      toFirstPage();
    },
    onRowClick: ({ row }: GridRowParams<R>) => open(row),
    onCellKeyDown: ({ row }: GridCellParams<R>, event: MuiEvent<KeyboardEvent>) => {
      if (event.key === 'Enter') open(row);
    },
  };
  return { pagination, sortModel, toFirstPage, gridProps };
}

/** A grid's first column: the row's name (or number) as a link that opens its drawer, cut with an ellipsis when long. */
export function openerColumn<R extends GridValidRowModel>(column: Omit<GridColDef<R>, 'renderCell'>, label: (row: R) => string, open: (row: R) => void): GridColDef<R> {
  return {
    ...column,
    renderCell: ({ row }) => (
      <Link component="button" type="button" onClick={() => open(row)} sx={{ fontWeight: 600, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {label(row)}
      </Link>
    ),
  };
}
