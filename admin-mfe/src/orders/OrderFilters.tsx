import { TextField } from '@mui/material';
// not in the shared MUI facade (libs/mf-config/facades/mui-material.js): from their own paths
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { type AdminOrderListQuery, SUPPLIER_ORDER_STATUSES, type SupplierOrderStatus } from '@dentalmarket/contracts';
import { getApiBaseUrl } from '@dentalmarket/store';
import { GridSearchField } from './GridSearchField.js';
import { STATUS_LABELS } from './orderFormat.js';
import { StatusFilter } from './StatusFilter.js';

/** The grid's filters as chosen; '' is 'all'. Dates are the date inputs' YYYY-MM-DD. */
export interface OrderFilterValues {
  q: string;
  status: SupplierOrderStatus | '';
  from: string;
  to: string;
  /** issue 36: only the unpaid invoices past their due date */
  overdue: boolean;
}

export const NO_ORDER_FILTERS: OrderFilterValues = { q: '', status: '', from: '', to: '', overdue: false };

type FilterParams = Pick<AdminOrderListQuery, 'q' | 'status' | 'from' | 'to' | 'overdue'>;

/** The list and export query's filter params: only those chosen are sent. */
export function orderFilterParams(filters: OrderFilterValues): FilterParams {
  const q = filters.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.overdue ? { overdue: 'true' as const } : {}),
  };
}

/** The CSV export of exactly the orders the grid is filtered to; the server streams it, the session cookie authorises it. */
export function exportHref(params: FilterParams): string {
  const query = new URLSearchParams(params as Record<string, string>).toString();
  return `${getApiBaseUrl()}/admin/orders/export.csv${query ? `?${query}` : ''}`;
}

export interface OrderFiltersProps {
  value: OrderFilterValues;
  onChange: (next: OrderFilterValues) => void;
}

/** A date input of the range; the other end bounds it so the picker offers no empty range. */
function DateField({ label, value, onChange, min, max }: { label: string; value: string; onChange: (next: string) => void; min?: string; max?: string }) {
  return (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: min || undefined, max: max || undefined } }}
    />
  );
}

/** Search (number, email or name), status, the created-at date range and the overdue invoices (issue 36) of the admin orders grid. */
export function OrderFilters({ value, onChange }: OrderFiltersProps) {
  return (
    <>
      <GridSearchField
        value={value.q}
        onChange={(q) => onChange({ ...value, q })}
        placeholder="Search orders..."
        label="Search orders by number, email or name"
        minWidth={260}
      />
      <StatusFilter value={value.status} onChange={(status) => onChange({ ...value, status })} statuses={SUPPLIER_ORDER_STATUSES} labels={STATUS_LABELS} />
      <DateField label="From" value={value.from} onChange={(from) => onChange({ ...value, from })} max={value.to} />
      <DateField label="To" value={value.to} onChange={(to) => onChange({ ...value, to })} min={value.from} />
      <FormControlLabel control={<Switch checked={value.overdue} onChange={(event) => onChange({ ...value, overdue: event.target.checked })} />} label="Overdue invoices" />
    </>
  );
}
