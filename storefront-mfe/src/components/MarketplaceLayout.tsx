import type { ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * The marketplace: the page's header (its h1 and tools) across the top, then the category sidebar
 * (SPEC §2) from 768 px up beside the listing. The header comes first so the h1 is the page's first
 * heading and the sidebar's 'Categories' follows it. Under 768 px (SPEC §9's mobile width) there is
 * no sidebar column: it opens as a drawer.
 */
export function MarketplaceLayout({ header, sidebar, children }: { header: ReactNode; sidebar?: ReactNode; children: ReactNode }) {
  if (!sidebar) {
    return (
      <Box>
        {header}
        {children}
      </Box>
    );
  }
  return (
    <Box>
      {header}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)', '@media (min-width: 768px)': { gridTemplateColumns: 'minmax(240px, 300px) minmax(0, 1fr)' } }}>
        <Box component="aside" sx={{ display: 'none', '@media (min-width: 768px)': { display: 'block' } }}>
          <Box sx={{ position: 'sticky', top: 88 }}>{sidebar}</Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </Box>
  );
}
