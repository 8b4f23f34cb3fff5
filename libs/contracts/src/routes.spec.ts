import { isShellRoute, orderPagePath, SHELL_ROUTES } from './routes.js';

describe('isShellRoute (the server answers 200 for these, 404 for any other page path)', () => {
  it('matches every fixed route, with or without a trailing slash', () => {
    for (const route of SHELL_ROUTES) {
      expect(isShellRoute(route)).toBe(true);
      expect(isShellRoute(`${route}/`.replace('//', '/'))).toBe(true);
    }
    expect(isShellRoute('')).toBe(true);
  });

  it("matches the guest's lookup and one order's page (issue 18)", () => {
    for (const path of ['/orders', '/orders/', '/orders/lookup', '/orders/lookup/', '/orders/DM-7K3QX9', '/orders/DM-7K3QX9/', '/orders/anything']) {
      expect(isShellRoute(path)).toBe(true);
    }
  });

  it('refuses deeper or unknown paths', () => {
    for (const path of ['/orders/DM-7K3QX9/lines', '/orders//x', '/ordersx', '/order/DM-1', '/marketplaces', '/admin/users', '/products/scanner', '/some/unknown/page']) {
      expect(isShellRoute(path)).toBe(false);
    }
  });
});

describe('orderPagePath', () => {
  it('links a signed-in shopper to their order and a guest to the lookup with the number filled in', () => {
    expect(orderPagePath('DM-7K3QX9', true)).toBe('/orders/DM-7K3QX9');
    expect(orderPagePath('DM-7K3QX9', false)).toBe('/orders/lookup?number=DM-7K3QX9');
  });
});
