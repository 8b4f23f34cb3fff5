import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router';
import { decodePathSegment, marketplacePath, PRODUCT_TYPE_HEADINGS, type Product } from '@dentalmarket/contracts';
import { useGetProductQuery } from '@dentalmarket/store';
import { PageSpinner } from '@dentalmarket/ui';
import { ProductActions, ProductDetails } from './components/ProductDetailModal.js';

/** The slug of /products/<slug>, as typed (a malformed escape is kept as it is). */
function slugOf(pathname: string): string {
  const segment = pathname.split('/')[2] ?? '';
  return decodePathSegment(segment) ?? segment;
}

/** Home › the product's type › the product, as the page's JSON-LD BreadcrumbList says it. */
function Breadcrumbs({ product }: { product: Product }) {
  const crumbs = [
    { label: 'Home', to: '/' },
    { label: PRODUCT_TYPE_HEADINGS[product.product_type], to: marketplacePath({ type: product.product_type }) },
  ];
  return (
    <Box component="nav" aria-label="Breadcrumb" sx={{ mb: 2 }}>
      <Box component="ol" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, color: 'text.secondary', fontSize: '0.875rem' }}>
        {crumbs.map((crumb) => (
          <Box component="li" key={crumb.to} sx={{ '&::after': { content: '"›"', ml: 1 } }}>
            <Link component={RouterLink} to={crumb.to} color="inherit">
              {crumb.label}
            </Link>
          </Box>
        ))}
        <Box component="li" aria-current="page" sx={{ color: 'text.primary' }}>
          {product.name}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * A product's canonical page (/products/:slug, issue 20): what the detail view shows, as a page of
 * its own, rendered on the server (its name, price, description, image and breadcrumbs are in the
 * HTML) and then working in the browser. The marketplace's detail view (`?product=`) stays the
 * in-app way to look at a product and names this page as canonical. An unknown slug says so (the
 * server answers 404), with a way to the marketplace.
 */
export function ProductPage() {
  const { pathname } = useLocation();
  const slug = slugOf(pathname);
  const { data: product, isError } = useGetProductQuery(slug);
  const shown = product && product.slug === slug ? product : undefined;
  if (shown) {
    return (
      <Box component="article" sx={{ maxWidth: 1100, mx: 'auto' }}>
        <Breadcrumbs product={shown} />
        <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
          {shown.name}
        </Typography>
        <ProductDetails
          product={shown}
          headingLevel="h2"
          actions={
            <Stack direction="row" spacing={2} useFlexGap sx={{ mt: 3, flexWrap: 'wrap', alignItems: 'center' }}>
              <ProductActions product={shown} page />
              <Button component={RouterLink} to={marketplacePath({ type: shown.product_type })}>
                {`More ${PRODUCT_TYPE_HEADINGS[shown.product_type]}`}
              </Button>
            </Stack>
          }
        />
      </Box>
    );
  }
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
