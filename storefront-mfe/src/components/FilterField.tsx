import { InputAdornment, TextField } from '@mui/material';
import Search from '@mui/icons-material/Search';

interface Props {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** its accessible name */
  label: string;
  mb: number;
}

/** A small search box that narrows a list as the shopper types; Escape clears it (SPEC §2 sidebar). */
export function FilterField({ value, onChange, placeholder, label, mb }: Props) {
  return (
    <TextField
      size="small"
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => event.key === 'Escape' && onChange('')}
      placeholder={placeholder}
      slotProps={{
        htmlInput: { 'aria-label': label, type: 'search' },
        input: { startAdornment: <InputAdornment position="start"><Search fontSize="small" /></InputAdornment> },
      }}
      sx={{ mb }}
    />
  );
}
