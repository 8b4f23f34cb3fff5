import { useId } from 'react';
import { Box, Button, Card, CardActions, CardContent, Paper, Typography } from '@mui/material';
import ArrowForward from '@mui/icons-material/ArrowForward';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_TYPE_HEADINGS, type Product, type ProductType } from '@dentalmarket/contracts';
import { useGetFeaturedProductsQuery, useGetProductPagesInfiniteQuery } from '@dentalmarket/store';
import { ProductDetailModal } from './components/ProductDetailModal.js';
import { ProductGrid, ProductGridSkeleton } from './components/ProductGrid.js';
import { useProductParam } from './useProductParam.js';

const SECTIONS: Array<{ type: ProductType; text: string }> = [
  { type: 'equipment', text: 'Treatment units, imaging, sterilization, handpieces and lab equipment, delivered and installed.' },
  { type: 'service', text: 'Maintenance plans, IT and compliance services for your practice, at a fixed price or a quote.' },
  { type: 'affiliate', text: 'Consumables and supplies from trusted partners, bought on their sites.' },
];

function Section({ title, products, loading, onViewDetails }: { title: string; products: Product[] | undefined; loading: boolean; onViewDetails: (p: Product) => void }) {
  // the heading names the section: an id without spaces (aria-labelledby lists ids separated by spaces)
  const headingId = useId();
  if (!loading && (products?.length ?? 0) === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 6 }}>
      <Typography id={headingId} variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {loading ? <ProductGridSkeleton count={4} /> : <ProductGrid products={products!} onViewDetails={onViewDetails} />}
    </Box>
  );
}

/** Home `/`: hero, featured and new products, and a way into each product type. */
export function HomePage() {
  const productModal = useProductParam();
  const featured = useGetFeaturedProductsQuery({ limit: 8 });
  const fresh = useGetProductPagesInfiniteQuery({ new: true, sort: 'newest', limit: 8 });
  const view = (product: Product) => productModal.open(product.slug);

  return (
    <Box>
      <Paper sx={{ p: { xs: 3, md: 5 }, mb: 4, color: 'common.white', background: 'linear-gradient(120deg, #074c60 0%, #0b6e8a 55%, #2a9d8f 100%)' }}>
        <Typography variant="h1" sx={{ mb: 1, fontSize: { xs: '1.6rem', md: '2.2rem' } }}>
          Everything your dental practice runs on
        </Typography>
        <Typography sx={{ opacity: 0.9, maxWidth: 720, mb: 3 }}>
          Treatment units, imaging, sterilization and handpieces; maintenance, IT and compliance services; and trusted partner products, in one marketplace.
        </Typography>
        <Button component={RouterLink} to="/marketplace?type=equipment" variant="contained" color="secondary" endIcon={<ArrowForward />}>
          Browse the marketplace
        </Button>
      </Paper>

      <Box component="section" aria-label="Shop by type" sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, mb: 6 }}>
        {SECTIONS.map((section) => (
          <Card key={section.type} sx={{ display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="h3" component="h2" gutterBottom>
                {PRODUCT_TYPE_HEADINGS[section.type]}
              </Typography>
              <Typography color="text.secondary">{section.text}</Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button component={RouterLink} to={`/marketplace?type=${section.type}`} endIcon={<ArrowForward />}>
                {`Browse ${PRODUCT_TYPE_HEADINGS[section.type]}`}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>

      <Section title="Featured products" products={featured.data} loading={featured.isLoading} onViewDetails={view} />
      <Section title="New products" products={fresh.data?.pages[0]?.products} loading={fresh.isLoading} onViewDetails={view} />
      <ProductDetailModal slug={productModal.slug} onClose={productModal.close} />
    </Box>
  );
}
