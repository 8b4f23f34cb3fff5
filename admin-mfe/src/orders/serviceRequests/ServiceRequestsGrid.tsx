import type { GridColDef } from '@mui/x-data-grid';
import type { ServiceRequestListResponse, ServiceRequestStatus, ServiceRequestSummary } from '@dentalmarket/contracts';
import { useGetAdminServiceRequestsQuery } from '@dentalmarket/store';
import { formatDateTime, usd } from '../orderFormat.js';
import { WorkflowGrid } from '../WorkflowGrid.js';
import { ServiceRequestDrawer } from './ServiceRequestDrawer.js';
import { NO_SERVICE_REQUEST_FILTERS, ServiceRequestFilters, serviceRequestFilterParams } from './ServiceRequestFilters.js';
import { formatCalendarDay } from './serviceRequestFormat.js';
import { ServiceRequestStatusChip } from './ServiceRequestStatusChip.js';

const dash = (value: string | null, format: (v: string) => string) => (value ? format(value) : '—');

const COLUMNS: GridColDef<ServiceRequestSummary>[] = [
  { field: 'created_at', headerName: 'Received', width: 165, valueFormatter: (value: string) => formatDateTime(value) },
  { field: 'product_name', headerName: 'Service', flex: 1, minWidth: 150, sortable: false },
  { field: 'practice_name', headerName: 'Practice', flex: 1, minWidth: 140, sortable: false },
  { field: 'contact_name', headerName: 'Contact', width: 140, sortable: false },
  { field: 'email', headerName: 'Email', flex: 1, minWidth: 180, sortable: false },
  { field: 'preferred_date', headerName: 'Preferred date', width: 130, valueFormatter: (value: string | null) => dash(value, formatCalendarDay) },
  { field: 'status', headerName: 'Status', width: 110, sortable: false, renderCell: ({ value }) => <ServiceRequestStatusChip status={value as ServiceRequestStatus} /> },
  { field: 'quote_amount', headerName: 'Quote', width: 100, align: 'right', headerAlign: 'right', sortable: false, valueFormatter: (value: string | null) => dash(value, usd) },
];

/**
 * Issue 21, the admin's service requests: a grid searched, filtered, sorted (by received or preferred
 * date) and paged by the server, each row opening the request's drawer with its workflow.
 */
export function ServiceRequestsGrid() {
  return (
    <WorkflowGrid
      name="Service requests"
      noFilters={NO_SERVICE_REQUEST_FILTERS}
      filterParams={serviceRequestFilterParams}
      sortField="preferred_date"
      useList={useGetAdminServiceRequestsQuery}
      rowsOf={(data: ServiceRequestListResponse) => ({ rows: data.requests, total: data.total })}
      FilterBar={ServiceRequestFilters}
      numberHeader="Number"
      numberWidth={120}
      columns={COLUMNS}
      localeText={() => ({ noRowsLabel: 'No service requests found' })}
      drawerParam="request"
      Drawer={ServiceRequestDrawer}
    />
  );
}
