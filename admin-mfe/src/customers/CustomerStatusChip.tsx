import { Chip } from '@mui/material';

/** 'Active' while the account may sign in, 'Disabled' once an admin turned it off. Outlined, readable in light and dark. */
export function CustomerStatusChip({ disabledAt }: { disabledAt: string | null }) {
  return disabledAt === null ? <Chip size="small" variant="outlined" color="success" label="Active" /> : <Chip size="small" variant="outlined" color="error" label="Disabled" />;
}
