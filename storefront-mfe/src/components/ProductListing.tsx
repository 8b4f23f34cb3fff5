import { useMemo } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { formatCount, type Product } from '@dentalmarket/contracts';
import { useGetProductPagesInfiniteQuery, type ProductQuery } from '@dentalmarket/store';
import { ProductGrid, ProductGridSkeleton, type CardHeadingLevel, type ListingLayout } from './ProductGrid.js';

/** Products per page: a listing loads more on request, never a whole type at once. */
const PAGE_SIZE = 24;

/** The listing's query (its cache entry) for a filter: a page reading the same answer (the results page's counts) subscribes to it too. */
export const listingQuery = (filter: Omit<ProductQuery, 'page' | 'limit'>): Omit<ProductQuery, 'page'> => ({ ...filter, limit: PAGE_SIZE });

interface Props {
  filter: Omit<ProductQuery, 'page' | 'limit'>;
  /** shown when nothing matches */
  empty: React.ReactNode;
  /** SPEC §8: 'Failed to fetch … products' */
  failure: string;
  onViewDetails: (product: Product) => void;
  layout?: ListingLayout;
  headingLevel?: CardHeadingLevel;
  /** the page already says which word a corrected search searched (the results page's heading) */
  correctionShown?: boolean;
}

/** One filtered product listing, 24 at a time, with 'Load more' and 'Showing n of N'. */
export function ProductListing({ filter, empty, failure, onViewDetails, layout = 'grid', headingLevel, correctionShown = false }: Props) {
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetProductPagesInfiniteQuery(listingQuery(filter));
  // the same list while the pages are the same: the grid's cards not hydrated yet are never updated
  const products = useMemo(() => data?.pages.flatMap((page) => page.products) ?? [], [data]);
  const first = data?.pages[0];
  const total = first?.total ?? 0;
  // a common word is counted only up to a cap: the server says so, and so does the page
  const totalText = first?.totalCapped ? `${formatCount(total)}+` : formatCount(total);
  if (isLoading) return <ProductGridSkeleton />;
  if (isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
        {failure}
      </Alert>
    );
  }
  if (products.length === 0) return <>{empty}</>;
  return (
    <>
      {first?.correctedSearch && !correctionShown && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} role="status">
          {`Showing results for "${first.correctedSearch}"`}
        </Typography>
      )}
      <ProductGrid products={products} onViewDetails={onViewDetails} layout={layout} headingLevel={headingLevel} />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, mt: 4 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {`Showing ${formatCount(products.length)} of ${totalText} ${total === 1 && !first?.totalCapped ? 'product' : 'products'}`}
        </Typography>
        {hasNextPage && (
          <Button variant="outlined" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        )}
      </Box>
    </>
  );
}
