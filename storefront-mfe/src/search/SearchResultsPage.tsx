import { useState } from 'react';
import { Badge, Box, Button, Drawer, Stack, Typography } from '@mui/material';
import { useWhenUnmatched } from '../components/useWhenUnmatched.js';
import FilterList from '@mui/icons-material/FilterList';
import type { ProductListResponse } from '@dentalmarket/contracts';
import { useGetProductPagesInfiniteQuery } from '@dentalmarket/store';
import { ProductDetailModal } from '../components/ProductDetailModal.js';
import { listingQuery, ProductListing } from '../components/ProductListing.js';
import { useProductParam } from '../useProductParam.js';
import { SearchFilters } from './SearchFilters.js';
import { SortSelect } from './SortSelect.js';
import { activeFilterCount, countText, listQuery, withoutFilters, writeSearchState } from './searchState.js';
import { useSearchState } from './useSearchState.js';

/** 'n results' of the list's first page: its counts' total (the list's own, should an answer lack the counts). */
function resultCount(first: ProductListResponse): string {
  const { total, totalCapped } = first.facets ?? first;
  return `${countText(total, totalCapped)} ${total === 1 && !totalCapped ? 'result' : 'results'}`;
}

/** 'n results for "…"', or the existing 'Showing results for "…"' when the API searched a corrected word. */
export function resultsHeading(search: string, first: ProductListResponse | undefined): string {
  if (!first) return `Results for "${search}"`;
  if (first.correctedSearch) return `Showing results for "${first.correctedSearch}"`;
  return `${resultCount(first)} for "${search}"`;
}

/**
 * /marketplace?search=…: the shop-wide search's results (issue 19), its filters with counts beside
 * them (from 900 px; below, in a 'Filters' drawer) and its order, all in the address bar. One
 * request per state: the listing's first page brings the counts (`facets: true`), and the heading,
 * the filters and 'Show n results' read them from that same cache entry.
 */
export function SearchResultsPage() {
  const [state, setState] = useSearchState();
  // Below MUI's md breakpoint (900 px) the filters do not fit beside the results: they open in a
  // drawer from a 'Filters' button. The button and the filters column are both always rendered, CSS
  // showing the one that applies, so the server's HTML is right on every width. This only closes
  // the drawer should the window grow past 900 px; it is closed on the first render, so server and
  // browser agree.
  const [drawerOpen, setDrawerOpen] = useState(false);
  useWhenUnmatched('(max-width: 899.95px)', () => setDrawerOpen(false));
  const filter = { ...listQuery(state), facets: true };
  // the listing below asks; this only reads its first page (the same cache entry, no second request)
  const { first, lastFirst } = useGetProductPagesInfiniteQuery(listingQuery(filter), {
    selectFromResult: ({ currentData, data }) => ({ first: currentData?.pages[0], lastFirst: data?.pages[0] }),
  });
  const productModal = useProductParam();
  const filterCount = activeFilterCount(state);
  // while new counts load, the filters keep the last ones rather than jumping to none
  const shownFacets = first?.facets ?? lastFirst?.facets;

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
          {resultsHeading(state.search, first)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<Badge color="primary" badgeContent={filterCount}><FilterList /></Badge>}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            Filters
          </Button>
          <SortSelect search={state.search} value={state.sort} onChange={(sort) => setState({ ...state, sort })} />
        </Stack>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(220px, 260px) minmax(0, 1fr)' } }}>
        <Box component="aside" aria-label="Filters" sx={{ display: { xs: 'none', md: 'block' } }}>
          {filters}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <ProductListing
            key={writeSearchState(state).toString()}
            filter={filter}
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
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        slotProps={{ paper: { 'aria-label': 'Filters', sx: { width: 360, maxWidth: '100vw', display: 'flex', flexDirection: 'column' } } }}
      >
        <Box sx={{ flex: 1, overflowY: 'auto', p: 2 }}>{filters}</Box>
        <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
          <Button fullWidth variant="contained" onClick={() => setDrawerOpen(false)}>
            {first ? `Show ${resultCount(first)}` : 'Show results'}
          </Button>
        </Box>
      </Drawer>
      <ProductDetailModal slug={productModal.slug} onClose={productModal.close} />
    </Box>
  );
}
