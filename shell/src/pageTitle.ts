import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { decodePathSegment, DEFAULT_MARKETPLACE_PRODUCT_TYPE, isProductType, PRODUCT_TYPE_HEADINGS, type ProductType } from '@dentalmarket/contracts';
import { useGetProductQuery } from '@dentalmarket/store';

const PAGES: Record<string, string> = {
  '/': 'Home',
  '/checkout': 'Checkout',
  '/auth': 'Sign in',
  '/admin': 'Admin Dashboard',
  '/orders': 'Your orders',
  '/orders/lookup': 'Find your order',
  '/practice': 'Your practice',
  '/order-guides': 'Order guides',
};


/**
 * Each route's document title, the page's own name first (SPEC §2 screens); undefined for a
 * product's canonical page, whose title (the product's name) the server wrote into the page.
 */
export function pageTitle(pathname: string, search: string): string | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (/^\/products\/[^/]+$/.test(path)) return undefined;
  if (path === '/marketplace') {
    const params = new URLSearchParams(search);
    const searched = params.get('search')?.trim();
    // the shop-wide search (every type), as the server titles it (backend page-heads.service.ts)
    if (searched) return `Results for "${searched}" – Marketplace | DentalMarket`;
    const type = params.get('type');
    return `${PRODUCT_TYPE_HEADINGS[isProductType(type) ? type : DEFAULT_MARKETPLACE_PRODUCT_TYPE]} – Marketplace | DentalMarket`;
  }
  if (/^\/invitations\/[^/]+$/.test(path)) return 'Invitation | DentalMarket';
  if (/^\/order-guides\/[^/]+$/.test(path)) return 'Order guide | DentalMarket';
  const order = /^\/orders\/([^/]+)$/.exec(path);
  if (!PAGES[path] && order) return `Order ${decodePathSegment(order[1]) ?? order[1]} | DentalMarket`;
  return `${PAGES[path] ?? 'Page Not Found'} | DentalMarket`;
}

/** A product's title, as the server writes it on the product's page (issue 20). */
export function productTitle(product: { name: string; product_type: ProductType }): string {
  return `${product.name} – ${PRODUCT_TYPE_HEADINGS[product.product_type]} | DentalMarket`;
}

/** Keeps document.title on the current route's title; the marketplace's product view is titled by the product (the detail view's own request, shared). */
export function usePageTitle() {
  const { pathname, search } = useLocation();
  const slug = pathname.replace(/\/+$/, '') === '/marketplace' ? new URLSearchParams(search).get('product') : null;
  const { data: product } = useGetProductQuery(slug ?? '', { skip: !slug });
  const shown = product && product.slug === slug ? product : undefined;
  useEffect(() => {
    const title = shown ? productTitle(shown) : pageTitle(pathname, search);
    if (title) document.title = title;
  }, [pathname, search, shown]);
}
