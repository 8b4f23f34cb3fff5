import { InputAdornment, MenuItem, TextField } from '@mui/material';
import Search from '@mui/icons-material/Search';
import type { CustomerListQuery, UserRole } from '@dentalmarket/contracts';

/** The grid's filters as chosen; '' is 'all'. */
export interface CustomerFilterValues {
  q: string;
  role: UserRole | '';
}

export const NO_CUSTOMER_FILTERS: CustomerFilterValues = { q: '', role: '' };

/** The list query's filter params: only those chosen are sent. */
export function customerFilterParams(filters: CustomerFilterValues): Pick<CustomerListQuery, 'q' | 'role'> {
  const q = filters.q.trim();
  return { ...(q ? { q } : {}), ...(filters.role ? { role: filters.role } : {}) };
}

const ROLE_OPTIONS: Array<{ value: UserRole | ''; label: string }> = [
  { value: '', label: 'All' },
  { value: 'customer', label: 'Customers' },
  { value: 'admin', label: 'Admins' },
];

export interface CustomerFiltersProps {
  value: CustomerFilterValues;
  onChange: (next: CustomerFilterValues) => void;
}

/** Search (the start of a username or email, or @domain) and role of the admin customers grid. */
export function CustomerFilters({ value, onChange }: CustomerFiltersProps) {
  return (
    <>
      <TextField
        size="small"
        type="search"
        label="Search customers"
        placeholder="Username, email or @domain"
        value={value.q}
        onChange={(event) => onChange({ ...value, q: event.target.value })}
        sx={{ minWidth: { sm: 300 } }}
        slotProps={{
          // the placeholder says what may be searched: shown beside the label from the start
          inputLabel: { shrink: true },
          htmlInput: { maxLength: 200 },
          input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
        }}
      />
      <TextField
        size="small"
        select
        label="Role"
        value={value.role}
        onChange={(event) => onChange({ ...value, role: event.target.value as UserRole | '' })}
        sx={{ minWidth: 150 }}
        // 'All' is the empty value: shown, with the label above it (else the label sits over it)
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        {ROLE_OPTIONS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
