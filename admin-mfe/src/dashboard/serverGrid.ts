import type { Dispatch, SetStateAction } from 'react';
import type { GridPaginationModel } from '@mui/x-data-grid';

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
