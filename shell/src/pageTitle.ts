import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { DEFAULT_MARKETPLACE_PRODUCT_TYPE, isProductType, PRODUCT_TYPE_HEADINGS } from '@dentalmarket/contracts';

const PAGES: Record<string, string> = {
  '/': 'Home',
  '/checkout': 'Checkout',
  '/auth': 'Sign in',
  '/admin': 'Admin Dashboard',
  '/orders': 'Your orders',
  '/orders/lookup': 'Find your order',
};

/** A path segment as typed; a malformed escape (a hand-edited URL) is shown as it is rather than throwing. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Each route's document title, the page's own name first (SPEC §2 screens). */
export function pageTitle(pathname: string, search: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/marketplace') {
    const type = new URLSearchParams(search).get('type');
    return `${PRODUCT_TYPE_HEADINGS[isProductType(type) ? type : DEFAULT_MARKETPLACE_PRODUCT_TYPE]} – Marketplace | DentalMarket`;
  }
  const order = /^\/orders\/([^/]+)$/.exec(path);
  if (!PAGES[path] && order) return `Order ${safeDecode(order[1])} | DentalMarket`;
  return `${PAGES[path] ?? 'Page Not Found'} | DentalMarket`;
}

/** Keeps document.title on the current route's title. */
export function usePageTitle() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname, search);
  }, [pathname, search]);
}
