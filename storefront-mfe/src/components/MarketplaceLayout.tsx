import type { ReactNode } from 'react';
import { Box, Grid } from '@mui/material';

/**
 * The marketplace's two columns: a left sidebar on medium and larger screens (the category
 * sidebar, SPEC §2) and the listing. Without a sidebar the listing takes the full width.
 */
export function MarketplaceLayout({ sidebar, children }: { sidebar?: ReactNode; children: ReactNode }) {
  if (!sidebar) return <Box>{children}</Box>;
  return (
    <Grid container spacing={3}>
      <Grid component="aside" size={{ md: 4, lg: 3 }} sx={{ display: { xs: 'none', md: 'block' } }}>
        <Box sx={{ position: 'sticky', top: 88 }}>{sidebar}</Box>
      </Grid>
      <Grid size={{ xs: 12, md: 8, lg: 9 }}>{children}</Grid>
    </Grid>
  );
}
