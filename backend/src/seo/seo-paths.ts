/**
 * The root paths the API itself answers outside /api (SeoController): kept out of the global /api
 * prefix (app.factory) and passed by the static frontends' fallback (static-frontends.ts), which
 * would otherwise answer them as missing files.
 */
export const SEO_ROUTES = ['robots.txt', 'sitemap.xml', 'sitemaps/:file'] as const;

/** Whether a request path is one of SEO_ROUTES. */
export function isSeoPath(path: string): boolean {
  return path === '/robots.txt' || path === '/sitemap.xml' || /^\/sitemaps\/[^/]+$/.test(path);
}
