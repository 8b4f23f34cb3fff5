/**
 * The root paths the API itself answers outside /api (SeoController): kept out of the global /api
 * prefix (app.factory) and passed by the static frontends' fallback (static-frontends.ts), which
 * would otherwise answer them as missing files.
 */
export const SEO_ROUTES = ['robots.txt', 'sitemap.xml', 'sitemaps/:file'] as const;

/** A Host header fit to build links from (name or address, optional port). */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** PUBLIC_URL, or the request's own origin (scheme as seen through TRUST_PROXY); undefined when the Host header is not a host name. */
export function siteOrigin(req: { protocol: string; get(name: string): string | undefined }, publicUrl: string | undefined): string | undefined {
  if (publicUrl) return publicUrl;
  const host = req.get('host') ?? '';
  return HOST.test(host) ? `${req.protocol}://${host}` : undefined;
}

/** Whether a request path is one of SEO_ROUTES. */
export function isSeoPath(path: string): boolean {
  return path === '/robots.txt' || path === '/sitemap.xml' || /^\/sitemaps\/[^/]+$/.test(path);
}
