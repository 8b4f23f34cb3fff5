import { SERVICE_REQUEST_STATUSES, type AdminServiceRequestListQuery, type ServiceRequestStatus } from '@dentalmarket/contracts';
import { GridSearchField } from '../GridSearchField.js';
import { StatusFilter } from '../StatusFilter.js';
import type { FilterBarProps } from '../WorkflowGrid.js';
import { STATUS_LABELS } from './serviceRequestFormat.js';

/** The grid's filters as chosen; '' is 'all'. */
export interface ServiceRequestFilterValues {
  q: string;
  status: ServiceRequestStatus | '';
}

export const NO_SERVICE_REQUEST_FILTERS: ServiceRequestFilterValues = { q: '', status: '' };

/** The list query's filter params: only those chosen are sent. */
export function serviceRequestFilterParams(filters: ServiceRequestFilterValues): Pick<AdminServiceRequestListQuery, 'q' | 'status'> {
  const q = filters.q.trim();
  return { ...(q ? { q } : {}), ...(filters.status ? { status: filters.status } : {}) };
}

/** Search (number, email, practice or contact) and status of the admin service requests grid. */
export function ServiceRequestFilters({ value, onChange }: FilterBarProps<ServiceRequestFilterValues>) {
  return (
    <>
      <GridSearchField
        value={value.q}
        onChange={(q) => onChange({ ...value, q })}
        placeholder="Search service requests..."
        label="Search service requests by number, email, practice or contact"
        minWidth={300}
      />
      <StatusFilter value={value.status} onChange={(status) => onChange({ ...value, status })} statuses={SERVICE_REQUEST_STATUSES} labels={STATUS_LABELS} />
    </>
  );
}
