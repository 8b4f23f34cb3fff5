import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SHELL_ROUTE_PATTERNS, SHELL_ROUTES } from '@dentalmarket/contracts';
import { makeStore } from '@dentalmarket/store';
import { ORDER_PAGES, orderRoutes, PRACTICE_PAGES } from './orderRoutes.js';
import { pageTitle } from './pageTitle.js';

describe("the shopper's order routes (issue 18)", () => {
  it('are the paths the server answers with 200 (SHELL_ROUTES and SHELL_ROUTE_PATTERNS)', () => {
    const paths = ORDER_PAGES.map((page) => page.path);
    expect(paths.filter((path) => !path.includes('/', 1))).toEqual(SHELL_ROUTES.filter((path) => path.startsWith('/orders')));
    expect(paths.filter((path) => path.includes('/', 1))).toEqual(SHELL_ROUTE_PATTERNS.filter((path) => path.startsWith('/orders')));
  });

  it.each(['/orders', '/orders/DM-7K3QX9', '/practice', '/order-guides', '/order-guides/5'])('send a guest at %s to /auth', (path) => {
    const store = makeStore({ session: { user: null, status: 'anonymous', expired: false } }, { persistCart: false });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/auth" element={<p>auth page</p>} />
            {orderRoutes()}
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    expect(screen.getByText('auth page')).toBeTruthy();
  });

  it("include the practice pages and order guides (issue 36), which the server answers with 200 too", () => {
    expect(PRACTICE_PAGES.map((page) => page.path)).toEqual(['/practice', '/invitations/:token', '/order-guides', '/order-guides/:id']);
    expect(SHELL_ROUTES).toContain('/practice');
    expect(SHELL_ROUTES).toContain('/order-guides');
    expect(SHELL_ROUTE_PATTERNS).toContain('/invitations/:token');
    expect(SHELL_ROUTE_PATTERNS).toContain('/order-guides/:id');
    expect(pageTitle('/practice', '')).toBe('Your practice | DentalMarket');
    expect(pageTitle('/invitations/abc', '')).toBe('Invitation | DentalMarket');
    expect(pageTitle('/order-guides', '')).toBe('Order guides | DentalMarket');
    expect(pageTitle('/order-guides/12', '')).toBe('Order guide | DentalMarket');
  });

  it('have their own titles', () => {
    expect(pageTitle('/orders', '')).toBe('Your orders | DentalMarket');
    expect(pageTitle('/orders/lookup', '?number=DM-1')).toBe('Find your order | DentalMarket');
    expect(pageTitle('/orders/DM-7K3QX9', '')).toBe('Order DM-7K3QX9 | DentalMarket');
    expect(pageTitle('/orders/%E0', '')).toBe('Order %E0 | DentalMarket');
    expect(pageTitle('/orders/DM-1/x', '')).toBe('Page Not Found | DentalMarket');
  });
});
