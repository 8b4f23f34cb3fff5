import { useState } from 'react';
import { Box, Collapse, IconButton, Paper, Stack, Typography } from '@mui/material';
import BugReport from '@mui/icons-material/BugReport';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useDebugFlag } from '@dentalmarket/ui';

export interface ProductDebugPanelProps {
  title?: string;
  data: unknown;
}

function toJson(data: unknown): string {
  try {
    return JSON.stringify(data, null, 2) ?? String(data); // undefined and functions stringify to undefined
  } catch {
    return 'Data could not be shown (not serialisable)';
  }
}

/** Raw data beside a product list, for troubleshooting; shown only while the showProductDebugPanel flag is 'true'. */
export function ProductDebugPanel({ title, data }: ProductDebugPanelProps) {
  const enabled = useDebugFlag('showProductDebugPanel'); // re-read every 3 s
  const [open, setOpen] = useState(true);
  if (!enabled) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, my: 2, borderStyle: 'dashed' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <BugReport fontSize="small" color="warning" />
        <Typography variant="subtitle2" component="h2" sx={{ flexGrow: 1 }}>
          Product Debug Panel{title ? `: ${title}` : ''}
        </Typography>
        <IconButton size="small" onClick={() => setOpen((o) => !o)} aria-label={open ? 'Collapse debug panel' : 'Expand debug panel'} aria-expanded={open}>
          {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </IconButton>
      </Stack>
      <Collapse in={open}>
        {Array.isArray(data) ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {data.length} {data.length === 1 ? 'item' : 'items'}
          </Typography>
        ) : null}
        <Box
          component="pre"
          sx={{ m: 0, mt: 1, p: 1, maxHeight: 240, overflow: 'auto', fontSize: 12, bgcolor: 'action.hover', borderRadius: 1 }}
        >
          {toJson(data)}
        </Box>
      </Collapse>
    </Paper>
  );
}
