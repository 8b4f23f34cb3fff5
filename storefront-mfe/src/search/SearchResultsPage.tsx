import { useState } from 'react';
import { Badge, Box, Button, Drawer, Stack, Typography, useMediaQuery } from '@mui/material';
import FilterList from '@mui/icons-material/FilterList';
import type { ProductFacetsResponse } from '@dentalmarket/contracts';
import { useGetProductFacetsQuery } from '@dentalmarket/store';
import { ProductDetailModal } from '../components/ProductDetailModal.js';
import { ProductListing } from '../components/ProductListing.js';
import { useProductParam } from '../useProductParam.js';
import { SearchFilters } from './SearchFilters.js';
import { SortSelect } from './SortSelect.js';
import { activeFilterCount, countText, facetsQuery, listQuery, withoutFilters, writeSearchState } from './searchState.js';
import { useSearchState } from './useSearchState.js';

/** 'n results for "…"', or the existing 'Showing results for "…"' when the API searched a corrected word. */
export function resultsHeading(search: string, facets: ProductFacetsResponse | undefined): string {
  if (!facets) return `Results for "${search}"`;
  if (facets.correctedSearch) return `Showing results for "${facets.correctedSearch}"`;
  return `${countText(facets.total, facets.totalCapped)} ${facets.total === 1 && !facets.totalCapped ? 'result' : 'results'} for "${search}"`;
}

/**
 * /marketplace?search=…: the shop-wide search's results (issue 19), its filters with counts beside
 * them (from 900 px; below, in a 'Filters' drawer) and its order, all in the address bar.
 */
export function SearchResultsPage() {
  const [state, setState] = useSearchState();
  // below MUI's md breakpoint (900 px) the filters do not fit beside the results
  const phone = useMediaQuery('(max-width: 899.95px)', { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { currentData: facets, data: lastFacets } = useGetProductFacetsQuery(facetsQuery(state));
  const productModal = useProductParam();
  const filterCount = activeFilterCount(state);
  // while new counts load, the filters keep the last ones rather than jumping to none
  const shownFacets = facets ?? lastFacets;

  const filters = <SearchFilters state={state} facets={shownFacets} onChange={setState} />;
  const empty = (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography color="text.secondary">{`No products match "${state.search}"`}</Typography>
      {filterCount > 0 && (
        <Button sx={{ mt: 2 }} onClick={() => setState(withoutFilters(state))}>
          Clear filters
        </Button>
      )}
    </Box>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
        <Typography variant="h2" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {resultsHeading(state.search, facets)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {phone && (
            <Button variant="outlined" startIcon={<Badge color="primary" badgeContent={filterCount}><FilterList /></Badge>} onClick={() => setDrawerOpen(true)}>
              Filters
            </Button>
          )}
          <SortSelect search={state.search} value={state.sort} onChange={(sort) => setState({ ...state, sort })} />
        </Stack>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(220px, 260px) minmax(0, 1fr)' } }}>
        {!phone && (
          <Box component="aside" aria-label="Filters">
            {filters}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          <ProductListing
            key={writeSearchState(state).toString()}
            filter={listQuery(state)}
            failure="Failed to fetch products"
            empty={empty}
            correctionShown
            onViewDetails={(product) => productModal.open(product.slug)}
            headingLevel="h2"
          />
        </Box>
      </Box>
      <Drawer
        anchor="right"
        open={phone && drawerOpen}
        onClose={() => setDrawerOpen(false)}
        slotProps={{ paper: { 'aria-label': 'Filters', sx: { width: 360, maxWidth: '100vw', display: 'flex', flexDirection: 'column' } } }}
      >
        <Box sx={{ flex: 1, overflowY: 'auto', p: 2 }}>{filters}</Box>
        <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
          <Button fullWidth variant="contained" onClick={() => setDrawerOpen(false)}>
            {facets ? `Show ${countText(facets.total, facets.totalCapped)} ${facets.total === 1 && !facets.totalCapped ? 'result' : 'results'}` : 'Show results'}
          </Button>
        </Box>
      </Drawer>
      <ProductDetailModal slug={productModal.slug} onClose={productModal.close} />
    </Box>
  );
}
