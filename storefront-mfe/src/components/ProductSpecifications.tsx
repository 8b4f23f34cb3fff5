import { List, ListItem, ListItemIcon, ListItemText, Typography } from '@mui/material';
import Check from '@mui/icons-material/Check';
import type { Product } from '@dentalmarket/contracts';
import { specRows } from '../modalRules.js';

/**
 * SPEC §2: every specification with a tick, each once; dimensions and power come first, their
 * values in bold, so the two a practice plans a room around stand out without being repeated.
 */
export function ProductSpecifications({ specifications }: { specifications: Product['specifications'] }) {
  const rows = specRows(specifications);
  if (rows.length === 0) return <Typography color="text.secondary">No specifications listed</Typography>;
  return (
    <List dense disablePadding>
      {rows.map((row) => (
        <ListItem key={row.label} disableGutters>
          <ListItemIcon sx={{ minWidth: 28 }}>
            <Check fontSize="small" color="success" />
          </ListItemIcon>
          <ListItemText primary={row.value} secondary={row.label} slotProps={{ primary: { sx: row.highlighted ? { fontWeight: 700 } : undefined } }} />
        </ListItem>
      ))}
    </List>
  );
}
