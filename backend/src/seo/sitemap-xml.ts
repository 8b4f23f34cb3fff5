import { marketplacePath, type ProductType } from '@dentalmarket/contracts';

/** sitemaps.org 0.9: at most 50,000 URLs in one sitemap, and as many sitemaps in one index. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe inside an XML element or attribute (the five predefined entities). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

/** W3C Datetime to the second, in UTC (the sitemaps.org `lastmod` format). */
export function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The product types in the order the home page shows them. */
const LISTED_TYPES: readonly ProductType[] = ['equipment', 'service', 'affiliate'];

/** The listing pages every shop has: home and each product type's marketplace. */
export function fixedPagePaths(): string[] {
  return ['/', ...LISTED_TYPES.map((type) => marketplacePath({ type }))];
}

/** One `<url>` of a urlset, `loc` absolute. */
export function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>\n`;
}

/** One `<sitemap>` of a sitemap index, `loc` absolute. */
export function sitemapEntry(loc: string, lastmod?: Date | null): string {
  const modified = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : '';
  return `<sitemap><loc>${escapeXml(loc)}</loc>${modified}</sitemap>\n`;
}

export const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n`;
export const URLSET_CLOSE = '</urlset>\n';
export const INDEX_OPEN = `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n`;
export const INDEX_CLOSE = '</sitemapindex>\n';

/** The paths robots.txt keeps crawlers out of: private or per-visitor screens, and the API. */
export const DISALLOWED_PATHS = ['/admin', '/checkout', '/auth', '/api', '/orders'] as const;

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
