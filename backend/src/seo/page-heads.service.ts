import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { decodePathSegment, DEFAULT_MARKETPLACE_PRODUCT_TYPE, isProductType, PRODUCT_TYPE_HEADINGS, type ProductType } from '@dentalmarket/contracts';
import { listingHead, type PageHead, type PageProduct, productHead, SITE_NAME } from './page-head.js';

/** A product and the names of its category and subcategory, by slug (products' unique slug index). */
const PRODUCT_PAGE_SQL = `SELECT p.id, p.name, p.slug, p.description, p.price, p.product_type, p.manufacturer, p.image_url, p.in_stock, p.rating, p.reviews_count,
    c.name AS category_name, c.slug AS category_slug, s.name AS subcategory_name, s.slug AS subcategory_slug
  FROM products p LEFT JOIN categories c ON c.id = p.category_id LEFT JOIN subcategories s ON s.id = p.subcategory_id
  WHERE p.slug = $1`;

/** How many of a listing's products its ItemList names: the marketplace's first page. */
const LISTED = 24;

const DESCRIPTION = `${SITE_NAME}: dental equipment, services and partner products for dental practices`;

/** A page's head and the status its URL answers. */
export interface ShellPage {
  status: number;
  head: PageHead;
}

/**
 * The head of each shopper page the server renders for search engines (issue 20): a product's
 * canonical page (/products/:slug, 404 for an unknown slug), the marketplace's product view (its
 * canonical link points to the product's page), a type's, category's or subcategory's listing,
 * search results (not to be indexed) and home. One indexed statement or two per page.
 */
@Injectable()
export class PageHeadsService {
  constructor(private readonly dataSource: DataSource) {}

  /** The head for `path?query` on `origin` (absolute links), or undefined for a page that has none of its own (checkout, sign-in, admin…). */
  async pageFor(path: string, query: URLSearchParams, origin: string): Promise<ShellPage | undefined> {
    const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const productPage = /^\/products\/([^/]+)$/.exec(clean);
    if (productPage) {
      const slug = decodePathSegment(productPage[1]!);
      const product = slug === undefined ? undefined : await this.product(slug);
      if (!product) return { status: 404, head: { title: `Product not found | ${SITE_NAME}`, description: 'This product is not in the catalogue.', noindex: true } };
      return { status: 200, head: productHead(origin, product) };
    }
    if (clean === '/') {
      return {
        status: 200,
        head: {
          title: `Home | ${SITE_NAME}`,
          description: DESCRIPTION,
          canonical: `${origin}/`,
          jsonLd: [
            {
              '@context': 'https://schema.org',
              '@type': 'WebSite',
              name: SITE_NAME,
              url: `${origin}/`,
              potentialAction: { '@type': 'SearchAction', target: { '@type': 'EntryPoint', urlTemplate: `${origin}/marketplace?search={search_term_string}` }, 'query-input': 'required name=search_term_string' },
            },
          ],
        },
      };
    }
    if (clean !== '/marketplace') return undefined;
    const requested = query.get('type');
    const type: ProductType = isProductType(requested) ? requested : DEFAULT_MARKETPLACE_PRODUCT_TYPE;
    const slug = query.get('product');
    if (slug) {
      // the in-app view of a product: the same head as its page (canonical: the product's page), without the page's own content
      const product = await this.product(slug);
      if (product) {
        const { body: _body, ...head } = productHead(origin, product);
        return { status: 200, head };
      }
    }
    const search = query.get('search')?.trim();
    if (search) {
      // the shop-wide search (every type): titled as the browser titles it (shell/src/pageTitle.ts)
      return { status: 200, head: { title: `Results for "${search}" – Marketplace | ${SITE_NAME}`, description: DESCRIPTION, noindex: true } };
    }
    return { status: 200, head: await this.listing(origin, type, query.get('category'), query.get('subcategory')) };
  }

  private async product(slug: string): Promise<PageProduct | undefined> {
    const [row] = (await this.dataSource.query(PRODUCT_PAGE_SQL, [slug])) as PageProduct[];
    return row;
  }

  private async listing(origin: string, type: ProductType, categorySlug: string | null, subcategorySlug: string | null): Promise<PageHead> {
    type Named = { id: number; name: string; slug: string; description: string | null };
    const [category] = categorySlug
      ? ((await this.dataSource.query('SELECT id, name, slug, description FROM categories WHERE slug = $1 AND product_type = $2', [categorySlug, type])) as Named[])
      : [];
    const [subcategory] =
      category && subcategorySlug
        ? ((await this.dataSource.query('SELECT id, name, slug, description FROM subcategories WHERE slug = $1 AND category_id = $2', [subcategorySlug, category.id])) as Named[])
        : [];
    // the listing's first page in the marketplace's default order (name, id), by the matching index
    const where = subcategory ? 'subcategory_id = $1' : category ? 'category_id = $1' : 'product_type = $1';
    const products = (await this.dataSource.query(`SELECT name, slug FROM products WHERE ${where} ORDER BY name, id LIMIT ${LISTED}`, [
      subcategory?.id ?? category?.id ?? type,
    ])) as { name: string; slug: string }[];
    return listingHead(origin, type, category ?? null, subcategory ?? null, products);
  }
}
