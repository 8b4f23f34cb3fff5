import { MenuItem, TextField } from '@mui/material';

export interface StatusFilterProps<S extends string> {
  /** '' is 'all' */
  value: S | '';
  onChange: (next: S | '') => void;
  /** the workflow's statuses, in its order */
  statuses: readonly S[];
  labels: Record<S, string>;
}

/** A workflow grid's 'Status' select: all statuses, or one. */
export function StatusFilter<S extends string>({ value, onChange, statuses, labels }: StatusFilterProps<S>) {
  return (
    <TextField size="small" select label="Status" value={value} onChange={(event) => onChange(event.target.value as S | '')} sx={{ minWidth: 150 }}>
      <MenuItem value="">All statuses</MenuItem>
      {statuses.map((status) => (
        <MenuItem key={status} value={status}>
          {labels[status]}
        </MenuItem>
      ))}
    </TextField>
  );
}
