import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * The marketplace's two columns: the category sidebar (SPEC §2) from 768 px up, and the listing.
 * Under 768 px (SPEC §9's mobile width) the page shows no sidebar column: it opens as a drawer.
 */
export function MarketplaceLayout({ sidebar, children }: { sidebar?: ReactNode; children: ReactNode }) {
  if (!sidebar) return <Box>{children}</Box>;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: '1fr', '@media (min-width: 768px)': { gridTemplateColumns: 'minmax(240px, 300px) 1fr' } }}>
      <Box component="aside" sx={{ display: 'none', '@media (min-width: 768px)': { display: 'block' } }}>
        <Box sx={{ position: 'sticky', top: 88 }}>{sidebar}</Box>
      </Box>
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
