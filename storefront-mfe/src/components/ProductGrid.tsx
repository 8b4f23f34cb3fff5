import { Box, Card, CardContent, Skeleton } from '@mui/material';
import type { Product } from '@dentalmarket/contracts';
import { ProductCard } from './ProductCard.js';

const gridSx = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' } };

export type ListingLayout = 'grid' | 'list';
/** A card's name is a heading one level below the heading it lists under (h3 under a section's h2). */
export type CardHeadingLevel = 'h2' | 'h3';

/** The cards whose images are fetched first: the first row on a wide screen, the first screenful on a phone. */
const PRIORITY_CARDS = 4;

export function ProductGrid({
  products,
  onViewDetails,
  layout = 'grid',
  headingLevel = 'h3',
}: {
  products: Product[];
  onViewDetails?: (product: Product) => void;
  layout?: ListingLayout;
  headingLevel?: CardHeadingLevel;
}) {
  return (
    <Box sx={layout === 'list' ? { display: 'grid', gap: 2 } : gridSx} data-layout={layout}>
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} onViewDetails={onViewDetails} layout={layout} headingLevel={headingLevel} priority={index < PRIORITY_CARDS} />
      ))}
    </Box>
  );
}

/** Placeholder cards while the listing loads. */
export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <Box sx={gridSx} aria-busy="true" aria-label="Loading products">
      {Array.from({ length: count }, (_, i) => (
        <Card key={i}>
          <Skeleton variant="rectangular" sx={{ aspectRatio: "4 / 3", height: "auto" }} />
          <CardContent>
            <Skeleton width="40%" />
            <Skeleton width="90%" height={28} />
            <Skeleton width="70%" />
            <Skeleton width="30%" height={32} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
