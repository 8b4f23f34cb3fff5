import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 240 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
