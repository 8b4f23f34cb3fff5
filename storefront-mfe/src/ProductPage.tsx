import { useEffect } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { decodePathSegment, marketplacePath } from '@dentalmarket/contracts';
import { useGetProductQuery } from '@dentalmarket/store';
import { PageSpinner } from '@dentalmarket/ui';

/** The slug of /products/<slug>, as typed (a malformed escape is kept as it is). */
function slugOf(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  return decodePathSegment(segment) ?? segment;
}

/**
 * A product's canonical page (/products/:slug, issue 20). The server writes the product into the
 * page for search engines and link previews; in the shop it opens in its usual place, the detail
 * view over its type's marketplace (`?product=`), which replaces this address so Back leaves the
 * product as it does from a shared link. An unknown slug says so, with a way to the marketplace.
 */
export function ProductPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const slug = slugOf(pathname);
  const { data: product, isError } = useGetProductQuery(slug);
  useEffect(() => {
    if (product && product.slug === slug) void navigate(marketplacePath({ type: product.product_type, product: product.slug }), { replace: true });
  }, [product, slug, navigate]);
  if (!isError) return <PageSpinner />;
  return (
    <Box sx={{ py: 8, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Product not found
      </Typography>
      <Alert severity="warning" sx={{ display: 'inline-flex', mb: 3 }}>
        This product could not be found. It may have been removed.
      </Alert>
      <Box>
        <Button component={RouterLink} to="/marketplace" variant="contained">
          Browse the marketplace
        </Button>
      </Box>
    </Box>
  );
}
