import { Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';

/** SPEC §9: from 768 px up (not one of MUI's breakpoints, hence the raw media query) the sidebar is a column. */
const WIDE = '@media (min-width: 768px)';

/**
 * The marketplace: the page's header (its h1 and tools) across the top, then the category sidebar
 * (SPEC §2) from 768 px up beside the listing. The header comes first so the h1 is the page's first
 * heading and the sidebar's 'Categories' follows it. Under 768 px (SPEC §9's mobile width) there is
 * no sidebar column: it opens as a drawer. The column is always rendered and CSS hides it under
 * 768 px (display: none also takes it out of the accessibility tree), so the server's HTML is right
 * on every width and nothing moves once the page hydrates.
 */
export function MarketplaceLayout({ header, sidebar, children }: { header: ReactNode; sidebar: ReactNode; children: ReactNode }) {
  return (
    <Box>
      {header}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)', [WIDE]: { gridTemplateColumns: 'minmax(240px, 300px) minmax(0, 1fr)' } }}>
        <Box component="aside" sx={{ display: 'none', [WIDE]: { display: 'block' } }}>
          {/* hydrated in a pass of its own on a server-rendered page (a shorter task); nothing here suspends */}
          <Box sx={{ position: 'sticky', top: 88 }}>
            <Suspense>{sidebar}</Suspense>
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </Box>
  );
}
