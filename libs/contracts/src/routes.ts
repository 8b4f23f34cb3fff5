/**
 * The shell's client routes (SPEC §2 Screens and routes, issue 18's order pages). The server answers
 * these paths with the shell's page and 200; any other page path gets the same page with 404, and the
 * shell renders its not-found page there. The shell's router and these lists must name the same paths.
 */
export const SHELL_ROUTES = ['/', '/marketplace', '/checkout', '/auth', '/admin', '/orders', '/practice', '/order-guides'] as const;
export type ShellRoute = (typeof SHELL_ROUTES)[number];

/**
 * The shell's routes with a part that varies, as the router writes them: a guest's order lookup and
 * one order's page (any single path segment is a number to look up; an unknown one is the page's own
 * 'Order not found' state, not a 404 page); a product's canonical page (the server answers an unknown
 * slug with 404 itself, issue 20); an invitation's link (issue 36: an unknown token is the page's own state);
 * an order guide (issue 36: one that is not the practice's is the page's own 'Order guide not found').
 */
export const SHELL_ROUTE_PATTERNS = ['/orders/lookup', '/orders/:number', '/products/:slug', '/invitations/:token', '/order-guides/:id'] as const;

const PATTERN_REGEXPS = SHELL_ROUTE_PATTERNS.map((pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}$`));

/** Whether a URL path is one of SHELL_ROUTES or SHELL_ROUTE_PATTERNS; a trailing slash matches too, as in the router. */
export function isShellRoute(pathname: string): boolean {
  const path = (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) || '/';
  return (SHELL_ROUTES as readonly string[]).includes(path) || PATTERN_REGEXPS.some((pattern) => pattern.test(path));
}

/** The page of one order: the signed-in shopper's own page, or a guest's lookup with the number filled in. */
export function orderPagePath(number: string, signedIn: boolean): string {
  return signedIn ? `/orders/${encodeURIComponent(number)}` : `/orders/lookup?number=${encodeURIComponent(number)}`;
}

/** A URL path segment decoded, or undefined when its escapes are malformed (a hand-edited URL): never a throw. */
export function decodePathSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A product's canonical URL (issue 20): the page search engines index and links share; the shop shows it in the marketplace's detail view. */
export function productPagePath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`;
}

/** The WHATWG URLSearchParams every runtime of ours has (browsers, Node); contracts' own lib names no platform's globals. */
declare const URLSearchParams: new (init?: Record<string, string>) => { set(name: string, value: string): void; toString(): string };

/**
 * A marketplace URL as the storefront writes it (MarketplacePage / useProductParam set the query
 * through URLSearchParams, in this order): type, then category and subcategory, or the product.
 */
export function marketplacePath(params: { type: string; category?: string | null; subcategory?: string | null; product?: string | null }): string {
  const query = new URLSearchParams({ type: params.type });
  if (params.category) query.set('category', params.category);
  if (params.subcategory) query.set('subcategory', params.subcategory);
  if (params.product) query.set('product', params.product);
  return `/marketplace?${query.toString()}`;
}
