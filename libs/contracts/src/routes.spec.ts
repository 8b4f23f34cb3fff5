import { decodePathSegment, isShellRoute, marketplacePath, orderPagePath, productPagePath, SHELL_ROUTES } from './routes.js';

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

  it("matches a product's canonical page (issue 20)", () => {
    for (const path of ['/products/scanner', '/products/scanner/', '/products/tom%26jerry']) expect(isShellRoute(path)).toBe(true);
  });

  it('refuses deeper or unknown paths', () => {
    for (const path of ['/orders/DM-7K3QX9/lines', '/orders//x', '/ordersx', '/order/DM-1', '/marketplaces', '/admin/users', '/products', '/products/a/b', '/some/unknown/page']) {
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

describe('productPagePath and marketplacePath', () => {
  it("write a product's canonical URL and the marketplace's, escaping what a URL requires", () => {
    expect(productPagePath('lumina-curing-light')).toBe('/products/lumina-curing-light');
    expect(productPagePath('tom&jerry<chair>')).toBe('/products/tom%26jerry%3Cchair%3E');
    expect(marketplacePath({ type: 'equipment' })).toBe('/marketplace?type=equipment');
    expect(marketplacePath({ type: 'service', category: 'repairs-&-<care>', subcategory: 'a b' })).toBe('/marketplace?type=service&category=repairs-%26-%3Ccare%3E&subcategory=a+b');
    expect(marketplacePath({ type: 'equipment', product: 'x', category: null })).toBe('/marketplace?type=equipment&product=x');
  });
});

describe('decodePathSegment', () => {
  it('decodes a segment, and answers undefined for a malformed escape rather than throwing', () => {
    expect(decodePathSegment('tom%26jerry')).toBe('tom&jerry');
    expect(decodePathSegment('%E0%A4%A')).toBeUndefined();
  });
});
