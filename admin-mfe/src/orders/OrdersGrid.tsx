import { Box, Button } from '@mui/material';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { OrderListResponse, OrderStatus, OrderSummary } from '@dentalmarket/contracts';
import { useGetAdminOrdersQuery } from '@dentalmarket/store';
import { useSearchParams } from 'react-router';
import { displayedRowsLabel } from '../dashboard/serverGrid.js';
import { exportHref, NO_ORDER_FILTERS, OrderFilters, orderFilterParams, type OrderFilterValues } from './OrderFilters.js';
import { OrderDrawer } from './OrderDrawer.js';
import { formatDateTime, usd } from './orderFormat.js';
import { OrderStatusChip } from './OrderStatusChip.js';
import { WorkflowGrid, type FilterBarProps } from './WorkflowGrid.js';

const dueDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const COLUMNS: GridColDef<OrderSummary>[] = [
  { field: 'created_at', headerName: 'Date', width: 180, valueFormatter: (value: string) => formatDateTime(value) },
  { field: 'full_name', headerName: 'Customer', flex: 1, minWidth: 160, sortable: false },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 210, sortable: false },
  { field: 'po_number', headerName: 'PO number', width: 140, sortable: false, valueFormatter: (value: string | null) => value ?? '' },
  { field: 'status', headerName: 'Status', width: 130, sortable: false, renderCell: ({ value }) => <OrderStatusChip status={value as OrderStatus} /> },
  {
    field: 'payment_due_at',
    headerName: 'Invoice due',
    width: 150,
    sortable: false,
    valueFormatter: (value: string | null, row) => (value ? (row.paid_at ? 'Paid' : dueDay.format(new Date(value))) : ''),
  },
  { field: 'total', headerName: 'Total', width: 120, align: 'right', headerAlign: 'right', valueFormatter: (value: string) => usd(value) },
  { field: 'line_count', headerName: 'Lines', width: 90, align: 'right', headerAlign: 'right', sortable: false },
];

/** The filters, and at the right the CSV export of exactly the orders they (and the settled search) choose. */
function OrdersToolbar({ value, onChange, settled }: FilterBarProps<OrderFilterValues>) {
  const [, setParams] = useSearchParams();
  // the overdue switch is kept in the address (?overdue=true), as the dashboard's card sets it
  const change = (next: OrderFilterValues) =>
    next.overdue === value.overdue
      ? onChange(next)
      : setParams(
          (current) => {
            const updated = new URLSearchParams(current);
            if (next.overdue) updated.set('overdue', 'true');
            else updated.delete('overdue');
            updated.delete('order');
            return updated;
          },
          { replace: true, preventScrollReset: true },
        );
  return (
    <>
      <OrderFilters value={value} onChange={change} />
      <Box sx={{ flexGrow: 1 }} />
      <Button variant="outlined" href={exportHref(orderFilterParams(settled))} download startIcon={<FileDownloadOutlined />}>
        Export CSV
      </Button>
    </>
  );
}

/**
 * Issue 18, the admin's orders: a grid searched, filtered, sorted (by date or total) and paged by the
 * server (the table can hold a million orders), each row opening the order's drawer, and the CSV
 * export of the same filter. A search's count stops at 1,000: the pager says there are more. With
 * "Overdue invoices" on (issue 36) the rows are the unpaid invoices past due, longest overdue first.
 */
export function OrdersGrid() {
  // the dashboard's overdue card opens the grid on the overdue invoices (?overdue=true)
  const [params] = useSearchParams();
  const overdue = params.get('overdue') === 'true';
  return (
    <WorkflowGrid
      key={overdue ? 'overdue' : 'all'}
      name="Orders"
      noFilters={overdue ? { ...NO_ORDER_FILTERS, overdue: true } : NO_ORDER_FILTERS}
      filterParams={orderFilterParams}
      sortField="total"
      useList={useGetAdminOrdersQuery}
      rowsOf={(data: OrderListResponse) => ({ rows: data.orders, total: data.total })}
      FilterBar={OrdersToolbar}
      numberHeader="Order"
      numberWidth={140}
      columns={COLUMNS}
      localeText={(data) => ({ noRowsLabel: 'No orders found', paginationDisplayedRows: displayedRowsLabel(data?.total_capped) })}
      drawerParam="order"
      Drawer={OrderDrawer}
    />
  );
}
