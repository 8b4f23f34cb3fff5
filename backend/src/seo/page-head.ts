/**
 * What the server writes into the shell's page for search engines and link previews (issue 20):
 * a title, a description, the canonical link, Open Graph and Twitter card tags and JSON-LD
 * (schema.org Product with its Offer and BreadcrumbList; a listing's ItemList), built from the
 * database row by pure functions here; page-heads.service.ts reads the rows, static-frontends.ts
 * puts the result into the page.
 */
import { centsToDecimal, marketplacePath, priceLine, PRODUCT_TYPE_HEADINGS, productPagePath, toCents, type ProductType } from '@dentalmarket/contracts';

export const SITE_NAME = 'DentalMarket';
/** Search engines show about this much of a description. */
const DESCRIPTION_LENGTH = 160;

export interface PageHead {
  title: string;
  description: string;
  /** absolute */
  canonical?: string;
  /** absolute */
  image?: string | null;
  ogType?: 'website' | 'product';
  /** schema.org objects, each written as its own application/ld+json script */
  jsonLd?: object[];
  /** an unknown product: not to be indexed */
  noindex?: boolean;
  /** the product's price for Open Graph's product tags */
  price?: { amount: string; currency: 'USD' };
  /** markup for the page's body before the app starts (a product page's content), already escaped */
  body?: string;
}

/** A product as the page needs it (page-heads.service.ts PRODUCT_PAGE_SQL). */
export interface PageProduct {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  price: string;
  product_type: ProductType;
  manufacturer: string | null;
  image_url: string | null;
  in_stock: boolean;
  rating: string | number | null;
  reviews_count: number;
  category_name: string | null;
  category_slug: string | null;
  subcategory_name: string | null;
  subcategory_slug: string | null;
}

export interface Crumb {
  name: string;
  /** absolute */
  url: string;
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in HTML content and in a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators a parser could trip on. */
export function scriptJson(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value));
}

/** JSON text made safe inside a <script> element (those characters only occur inside its strings, where the escapes mean the same). */
export function scriptSafeJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Plain text of a description, on one line, cut at a word near `max` characters with an ellipsis. */
export function summary(text: string | null | undefined, max = DESCRIPTION_LENGTH): string {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** A stored image path or URL as an absolute URL (null without one; data: URLs are not for link previews). */
export function absoluteImage(origin: string, image: string | null | undefined): string | null {
  const url = image?.trim();
  if (!url || /^data:/i.test(url)) return null;
  if (/^https?:\/\//i.test(url)) return url;
  return `${origin}/${url.replace(/^\.?\/+/, '')}`;
}

/** Home › the type's marketplace › category › subcategory (as far as the page goes). */
export function listingCrumbs(origin: string, type: ProductType, category?: { name: string; slug: string } | null, subcategory?: { name: string; slug: string } | null): Crumb[] {
  const crumbs: Crumb[] = [
    { name: 'Home', url: `${origin}/` },
    { name: PRODUCT_TYPE_HEADINGS[type], url: `${origin}${marketplacePath({ type })}` },
  ];
  if (category) crumbs.push({ name: category.name, url: `${origin}${marketplacePath({ type, category: category.slug })}` });
  if (category && subcategory) crumbs.push({ name: subcategory.name, url: `${origin}${marketplacePath({ type, category: category.slug, subcategory: subcategory.slug })}` });
  return crumbs;
}

export function breadcrumbList(crumbs: Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  };
}

/** A product's canonical page: its name, price (SPEC §9's words), description, image and breadcrumbs, and JSON-LD Product with Offer and BreadcrumbList. */
export function productHead(origin: string, product: PageProduct): PageHead {
  const canonical = `${origin}${productPagePath(product.slug)}`;
  const image = absoluteImage(origin, product.image_url);
  const cents = toCents(product.price);
  const price = priceLine(product, 'modal');
  const heading = PRODUCT_TYPE_HEADINGS[product.product_type];
  const category = product.category_slug && product.category_name ? { name: product.category_name, slug: product.category_slug } : null;
  const subcategory = product.subcategory_slug && product.subcategory_name ? { name: product.subcategory_name, slug: product.subcategory_slug } : null;
  const crumbs = [...listingCrumbs(origin, product.product_type, category, subcategory), { name: product.name, url: canonical }];
  const description = summary(product.description) || `${product.name}: ${price.primary} at ${SITE_NAME}.`;
  const rating = product.rating === null ? NaN : Number(product.rating);
  const productLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: summary(product.description, 5000) || undefined,
    sku: String(product.id),
    url: canonical,
    ...(image ? { image: [image] } : {}),
    ...(product.manufacturer ? { brand: { '@type': 'Brand', name: product.manufacturer } } : {}),
    ...(category ? { category: category.name } : {}),
    ...(Number.isFinite(rating) && product.reviews_count > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: rating, reviewCount: product.reviews_count, bestRating: 5, worstRating: 1 } } : {}),
    // a price on request (a quoted service) or a partner's own is no offer of ours
    ...(cents > 0
      ? {
          offers: {
            '@type': 'Offer',
            url: canonical,
            price: centsToDecimal(cents),
            priceCurrency: 'USD',
            availability: product.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
            itemCondition: 'https://schema.org/NewCondition',
          },
        }
      : {}),
  };
  const crumbsHtml = crumbs
    .map((crumb, i) => (i === crumbs.length - 1 ? `<li aria-current="page">${escapeHtml(crumb.name)}</li>` : `<li><a href="${escapeHtml(crumb.url.slice(origin.length))}">${escapeHtml(crumb.name)}</a></li>`))
    .join('');
  const body =
    `<main class="server-page"><nav aria-label="Breadcrumb"><ol>${crumbsHtml}</ol></nav>` +
    `<h1>${escapeHtml(product.name)}</h1>` +
    (image ? `<img src="${escapeHtml(image)}" alt="${escapeHtml(product.name)}" width="600" height="400" fetchpriority="high">` : '') +
    `<p>${escapeHtml(price.primary)}</p><p>${escapeHtml(price.note)}</p>` +
    (product.description ? `<p>${escapeHtml(product.description)}</p>` : '') +
    `</main>`;
  return {
    title: `${product.name} – ${heading} | ${SITE_NAME}`,
    description,
    canonical,
    image,
    ogType: 'product',
    jsonLd: [productLd, breadcrumbList(crumbs)],
    ...(cents > 0 ? { price: { amount: centsToDecimal(cents), currency: 'USD' as const } } : {}),
    body,
  };
}

/** A listing (a type's marketplace, a category or a subcategory): its first page as an ItemList of product URLs, and its breadcrumbs. */
export function listingHead(
  origin: string,
  type: ProductType,
  category: { name: string; slug: string; description?: string | null } | null,
  subcategory: { name: string; slug: string; description?: string | null } | null,
  products: { name: string; slug: string }[],
): PageHead {
  const heading = PRODUCT_TYPE_HEADINGS[type];
  const crumbs = listingCrumbs(origin, type, category, subcategory);
  const canonical = crumbs.at(-1)!.url;
  const named = subcategory ?? category;
  const title = named ? `${named.name} – ${heading} | ${SITE_NAME}` : `${heading} – Marketplace | ${SITE_NAME}`;
  const description =
    summary(named?.description) || (named ? `${named.name} in ${heading} at ${SITE_NAME}: dental ${type === 'service' ? 'services' : 'equipment and products'} for dental practices.` : `${heading} at ${SITE_NAME}: for dental practices.`);
  const itemList = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: named ? named.name : heading,
    numberOfItems: products.length,
    itemListElement: products.map((product, i) => ({ '@type': 'ListItem', position: i + 1, name: product.name, url: `${origin}${productPagePath(product.slug)}` })),
  };
  return { title, description, canonical, ogType: 'website', jsonLd: [itemList, breadcrumbList(crumbs)] };
}

/** How a page's server-written content looks until the app takes its place (plain, readable, phone first). */
const SERVER_PAGE_CSS =
  '.server-page{max-width:720px;margin:24px auto;padding:0 16px;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a2027}' +
  '.server-page ol{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;font-size:14px}.server-page li+li::before{content:"›";margin-right:8px}' +
  '.server-page img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:8px}.server-page h1{font-size:28px;line-height:1.2}';

/** The tags of a head, one string. */
export function headTags(head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  tags.push(meta('property', 'og:site_name', SITE_NAME), meta('property', 'og:type', head.ogType ?? 'website'), meta('property', 'og:title', head.title), meta('property', 'og:description', head.description));
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  if (head.image) tags.push(meta('property', 'og:image', head.image), `<link rel="preload" as="image" href="${escapeHtml(head.image)}" fetchpriority="high">`);
  if (head.price) tags.push(meta('property', 'product:price:amount', head.price.amount), meta('property', 'product:price:currency', head.price.currency));
  tags.push(meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'), meta('name', 'twitter:title', head.title), meta('name', 'twitter:description', head.description));
  if (head.image) tags.push(meta('name', 'twitter:image', head.image));
  for (const object of head.jsonLd ?? []) tags.push(`<script type="application/ld+json">${scriptJson(object)}</script>`);
  if (head.body) tags.push(`<style>${SERVER_PAGE_CSS}</style>`);
  return tags.join('');
}

/**
 * The shell's page with `head`: its title and description replaced, the other tags added before
 * </head>, and a product page's content inside the app's root (the app replaces it when it starts).
 */
export function pageWithHead(shell: string, head: PageHead): string {
  const withoutDefaults = shell.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  // replaced by functions: a product's text with `$&` in it is text, not a replacement pattern
  const headed = withoutDefaults.replace('</head>', () => `${headTags(head)}</head>`);
  return head.body ? headed.replace('<div id="root"></div>', () => `<div id="root">${head.body}</div>`) : headed;
}
