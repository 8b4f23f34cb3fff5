import { Alert, Box, Button, Typography } from '@mui/material';
import type { Product, ProductListFilter } from '@dentalmarket/contracts';
import { useGetProductPagesInfiniteQuery } from '@dentalmarket/store';
import { ProductGrid, ProductGridSkeleton, type ListingLayout } from './ProductGrid.js';

/** Products per page: a listing loads more on request, never a whole type at once. */
const PAGE_SIZE = 24;

interface Props {
  filter: Omit<ProductListFilter, 'page' | 'limit'>;
  /** shown when nothing matches */
  empty: React.ReactNode;
  /** SPEC §8: 'Failed to fetch … products' */
  failure: string;
  onViewDetails: (product: Product) => void;
  layout?: ListingLayout;
}

/** One filtered product listing, 24 at a time, with 'Load more' and 'Showing n of N'. */
export function ProductListing({ filter, empty, failure, onViewDetails, layout = 'grid' }: Props) {
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetProductPagesInfiniteQuery({ ...filter, limit: PAGE_SIZE });
  const products = data?.pages.flatMap((page) => page.products) ?? [];
  const total = data?.pages[0]?.total ?? 0;
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
      <ProductGrid products={products} onViewDetails={onViewDetails} layout={layout} />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5, mt: 4 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {`Showing ${products.length} of ${total} ${total === 1 ? 'product' : 'products'}`}
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
