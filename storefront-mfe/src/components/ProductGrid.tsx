import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Box, Card, CardContent, Skeleton } from '@mui/material';
import type { Product } from '@dentalmarket/contracts';
import { HydrateWhenVisible } from './HydrateWhenVisible.js';
import { ProductCard } from './ProductCard.js';

const gridSx = { display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' } };

export type ListingLayout = 'grid' | 'list';
/** A card's name is a heading one level below the heading it lists under (h3 under a section's h2). */
export type CardHeadingLevel = 'h2' | 'h3';

/** The cards whose images are fetched first: the first row on a wide screen, the first screenful on a phone. */
const PRIORITY_CARDS = 4;

/** useLayoutEffect, which the server (where it does nothing) warns about: useEffect there. */
const useLayoutEffectOnClient = typeof window === 'undefined' ? useEffect : useLayoutEffect;

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
  // the latest handler behind one function that never changes, so the cards below stay the same elements
  const handler = useRef(onViewDetails);
  useLayoutEffectOnClient(() => {
    handler.current = onViewDetails;
  });
  const viewDetails = useCallback((product: Product) => handler.current?.(product), []);
  const hasHandler = Boolean(onViewDetails);
  // On a server-rendered page each card hydrates on its own once near the screen (a short task each,
  // and none for the cards below the fold) instead of the whole grid in one long task. The cards are
  // the same elements while their inputs are the same: an update reaching a card not hydrated yet
  // would make React render it afresh at once, the long task this avoids.
  const cards = useMemo(
    () =>
      products.map((product, index) => (
        <HydrateWhenVisible key={product.id}>
          <ProductCard product={product} onViewDetails={hasHandler ? viewDetails : undefined} layout={layout} headingLevel={headingLevel} priority={index < PRIORITY_CARDS} />
        </HydrateWhenVisible>
      )),
    [products, hasHandler, viewDetails, layout, headingLevel],
  );
  return (
    <Box sx={layout === 'list' ? { display: 'grid', gap: 2 } : gridSx} data-layout={layout}>
      {cards}
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
