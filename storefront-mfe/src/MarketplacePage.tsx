import { Alert, Box, Button, Paper, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { DEFAULT_MARKETPLACE_PRODUCT_TYPE, isProductType, PRODUCT_TYPE_HEADINGS, PRODUCT_TYPES, type ProductType } from '@dentalmarket/contracts';
import { useGetProductPagesInfiniteQuery } from '@dentalmarket/store';
import { MarketplaceLayout } from './components/MarketplaceLayout.js';
import { ProductDetailModal } from './components/ProductDetailModal.js';
import { ProductGrid, ProductGridSkeleton } from './components/ProductGrid.js';

const TYPE_LABELS: Record<ProductType, string> = { equipment: 'Equipment', service: 'Services', affiliate: 'Partner Products' };
const TYPE_ORDER: ProductType[] = ['equipment', 'service', 'affiliate'];
/** Products per page: a listing loads more on request, never a whole type at once. */
const PAGE_SIZE = 24;

/** The marketplace listing for the product type in ?type= (default affiliate, SPEC §2). */
export function MarketplacePage({ showIntro = false }: { showIntro?: boolean }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('type');
  const type: ProductType = isProductType(requested) ? requested : DEFAULT_MARKETPLACE_PRODUCT_TYPE;
  const heading = PRODUCT_TYPE_HEADINGS[type];
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetProductPagesInfiniteQuery({ productType: type, limit: PAGE_SIZE });
  const products = data?.pages.flatMap((page) => page.products);
  const total = data?.pages[0]?.total ?? 0;

  // ?product=<slug> opens the detail modal: a shareable URL, and Back closes it
  const productSlug = params.get('product');
  const setProduct = (slug: string | null) => {
    const updated = new URLSearchParams(params);
    if (slug) updated.set('product', slug);
    else updated.delete('product');
    setParams(updated, { preventScrollReset: true });
  };

  const selectType = (next: ProductType | null) => {
    if (!next || next === type) return;
    const updated = new URLSearchParams(params);
    updated.set('type', next);
    setParams(updated, { replace: true, preventScrollReset: true });
  };

  return (
    <Box>
      {showIntro && (
        <Paper sx={{ p: { xs: 3, md: 5 }, mb: 4, color: 'primary.contrastText', background: 'linear-gradient(120deg, #074c60 0%, #0b6e8a 55%, #2a9d8f 100%)' }}>
          <Typography variant="h1" sx={{ mb: 1, fontSize: { xs: '1.6rem', md: '2.2rem' } }}>
            Everything your dental practice runs on
          </Typography>
          <Typography sx={{ opacity: 0.9, maxWidth: 720 }}>
            Treatment units, imaging, sterilization and handpieces; maintenance, IT and compliance services; and trusted partner products, in one marketplace.
          </Typography>
        </Paper>
      )}
      {/* the category sidebar (a later capability) goes in the layout's sidebar slot */}
      <MarketplaceLayout>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 3 }}>
          <Box>
            <Typography variant="h2" component="h1">
              {heading}
            </Typography>
            {type === 'affiliate' && (
              <Typography variant="body2" color="text.secondary">
                From trusted partners. DentalMarket earns a commission on purchases made through these links.
              </Typography>
            )}
          </Box>
          <ToggleButtonGroup exclusive size="small" color="primary" value={type} onChange={(_e, next: ProductType | null) => selectType(next)} aria-label="Product type">
            {TYPE_ORDER.filter((t) => PRODUCT_TYPES.includes(t)).map((t) => (
              <ToggleButton key={t} value={t}>
                {TYPE_LABELS[t]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>

        {isLoading ? (
          <ProductGridSkeleton />
        ) : isError ? (
          <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => refetch()}>Retry</Button>}>
            {`Failed to fetch ${type} products`}
          </Alert>
        ) : products && products.length > 0 ? (
          <>
            <ProductGrid products={products} onViewDetails={(product) => setProduct(product.slug)} />
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
        ) : (
          <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
            {`No ${heading.toLowerCase()} available yet`}
          </Typography>
        )}
      </MarketplaceLayout>
      <ProductDetailModal slug={productSlug} onClose={() => setProduct(null)} />
    </Box>
  );
}
