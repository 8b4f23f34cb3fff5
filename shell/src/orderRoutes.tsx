import { Route } from 'react-router';
import { RemoteRoute } from './RemoteRoute.js';
import { RouteGuard } from './RouteGuard.js';

/**
 * The shopper's order pages (issue 18), each a page the checkout remote exposes. The list and one
 * order's page are the signed-in shopper's (guests go to /auth, as on other guarded routes); a
 * guest finds an order at /orders/lookup. These paths are SHELL_ROUTES' '/orders' and
 * SHELL_ROUTE_PATTERNS (libs/contracts), which the server answers with 200.
 */
export const ORDER_PAGES = [
  { path: '/orders', exposed: 'Orders', signedIn: true },
  { path: '/orders/lookup', exposed: 'OrderLookup', signedIn: false },
  { path: '/orders/:number', exposed: 'OrderPage', signedIn: true },
] as const;

/**
 * The shopper's practice pages (issue 36), also the checkout remote's: the Practice page (signed in)
 * and an invitation's link (open: signed out it makes the account), and the practice's order guides
 * (signed in). SHELL_ROUTES' '/practice' and '/order-guides', SHELL_ROUTE_PATTERNS' '/invitations/:token'
 * and '/order-guides/:id'.
 */
export const PRACTICE_PAGES = [
  { path: '/practice', exposed: 'Practice', signedIn: true },
  { path: '/invitations/:token', exposed: 'AcceptInvitation', signedIn: false },
  // the practice's order guides: their list and one guide
  { path: '/order-guides', exposed: 'OrderGuides', signedIn: true },
  { path: '/order-guides/:id', exposed: 'OrderGuide', signedIn: true },
] as const;

/** The routes of ORDER_PAGES and PRACTICE_PAGES, to place inside the shell's <Routes>. */
export function orderRoutes() {
  return [...ORDER_PAGES, ...PRACTICE_PAGES].map(({ path, exposed, signedIn }) => {
    const page = <RemoteRoute key={`checkout-${exposed}`} name="checkout" exposed={exposed} />;
    return <Route key={path} path={path} element={signedIn ? <RouteGuard>{page}</RouteGuard> : page} />;
  });
}
