import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/** A toast with a title and an optional description line (notistack takes any node as message). */
export function toastMessage(title: string, description?: string): ReactNode {
  return (
    <Box>
      <Box sx={{ fontWeight: 600 }}>{title}</Box>
      {description ? <Box sx={{ opacity: 0.9 }}>{description}</Box> : null}
    </Box>
  );
}
