import { InputAdornment, TextField } from '@mui/material';
import Search from '@mui/icons-material/Search';

export interface GridSearchFieldProps {
  value: string;
  onChange: (next: string) => void;
  placeholder: string;
  /** what may be searched: the input's accessible name */
  label: string;
  minWidth: number;
}

/** A workflow grid's search box (orders, service requests): a magnifier, a placeholder and a name that says what it searches. */
export function GridSearchField({ value, onChange, placeholder, label, minWidth }: GridSearchFieldProps) {
  return (
    <TextField
      size="small"
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: { sm: minWidth } }}
      slotProps={{
        // the name goes on the input itself (on the TextField it would name only the wrapper)
        htmlInput: { 'aria-label': label },
        input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
      }}
    />
  );
}
