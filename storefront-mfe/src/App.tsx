import React, { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import { useLocation, useSearchParams } from 'react-router';
import { PageSpinner, registerMuiInstance, registerReactInstance } from '@dentalmarket/ui';
import { HomePage } from './HomePage.js';
import { MarketplacePage } from './MarketplacePage.js';
import { ProductPage } from './ProductPage.js';

// the results page and its filters load with the first search, not with every marketplace visit
const SearchResultsPage = lazy(() => import('./search/SearchResultsPage.js').then((module) => ({ default: module.SearchResultsPage })));

registerReactInstance(React);
registerMuiInstance(Box);

/** The storefront remote: the home page (/), the marketplace (/marketplace), its search results (/marketplace?search=…) and a product's canonical page (/products/:slug). */
export default function StorefrontApp() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  if (pathname === '/') return <HomePage />;
  if (pathname.startsWith('/products/')) return <ProductPage />;
  if (!params.get('search')?.trim()) return <MarketplacePage />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <SearchResultsPage />
    </Suspense>
  );
}
