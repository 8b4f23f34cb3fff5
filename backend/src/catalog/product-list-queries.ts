/**
 * GET /api/products's filter as SQL conditions, and the product lists' paged statements (the
 * filtered and searched list, by type, category, subcategory, featured) and the categories.
 */

import { LIST_COLUMNS, ORDER_BY, type PagedSql, type PageParams, Params, type ProductSort, type ProductType, type Sql, TOTAL_CAP, whereOf } from './product-sql.js';
import { RANK_CANDIDATES, RANKED_ORDER, rankedIds, searchQuery } from './product-search-queries.js';

/** GET /api/products's filter (dto/list-products-query.dto.ts), every field optional. */
export interface ProductFilter {
  categorySlug?: string;
  subcategorySlug?: string;
  categoryId?: number;
  subcategoryId?: number;
  productType?: ProductType;
  featured?: boolean;
  new?: boolean;
  inStock?: boolean;
  /** full-text search over the weighted document, the last word as a prefix (see searchQuery) */
  search?: string;
  /** only these products (the primary key serves it) */
  ids?: number[];
  /** decimal dollars, inclusive */
  minPrice?: string;
  maxPrice?: string;
  /** exact manufacturer names, any of them */
  manufacturer?: string[];
  /** 1..5 */
  minRating?: number;
  /** default: 'relevance' with a search, else 'name' */
  sort?: ProductSort;
  /** rows per page, >= 1 */
  limit: number;
  /** 1-based */
  page: number;
}

/** The list's rows of the given products (the search index's page), by primary key, in no particular order. */
export function productsByIdsSql(ids: number[]): Sql {
  return { text: `SELECT ${LIST_COLUMNS} FROM products p WHERE p.id = ANY($1::int[])`, values: [ids] };
}

function paged(where: string[], params: Params, orderBy: string, { limit, page }: PageParams): PagedSql {
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const filterValues = [...params.values];
  const limitAt = params.add(limit);
  const offsetAt = params.add((page - 1) * limit);
  return {
    page: { text: `SELECT ${LIST_COLUMNS} FROM products p ${clause} ORDER BY ${orderBy} LIMIT ${limitAt} OFFSET ${offsetAt}`, values: params.values },
    // stops after TOTAL_CAP + 1 matches: enough to know the total is exact or capped
    count: { text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM products p ${clause} LIMIT ${TOTAL_CAP + 1}) t`, values: filterValues },
  };
}

/** The filters of the results page that have counts (GET /api/products/facets): each is left out of its own counts. */
export type FacetName = 'productType' | 'inStock' | 'price' | 'manufacturer' | 'rating';

/** A filter as SQL conditions on `p` (a products row): the ones every count keeps, and each facet's own. */
interface Conditions {
  base: string[];
  facets: Partial<Record<FacetName, string>>;
  /** the search's tsquery expression, when there is a search */
  query?: string;
}

export function conditions(filter: Omit<ProductFilter, 'limit' | 'page'>, params: Params): Conditions {
  const base: string[] = [];
  if (filter.categorySlug) base.push(`p.category_id = (SELECT id FROM categories WHERE slug = ${params.add(filter.categorySlug)})`);
  if (filter.subcategorySlug) base.push(`p.subcategory_id = (SELECT id FROM subcategories WHERE slug = ${params.add(filter.subcategorySlug)})`);
  if (filter.categoryId !== undefined) base.push(`p.category_id = ${params.add(filter.categoryId)}`);
  if (filter.subcategoryId !== undefined) base.push(`p.subcategory_id = ${params.add(filter.subcategoryId)}`);
  if (filter.featured !== undefined) base.push(filter.featured ? 'p.is_featured' : 'NOT p.is_featured');
  if (filter.new !== undefined) base.push(filter.new ? 'p.is_new' : 'NOT p.is_new');
  if (filter.ids) base.push(`p.id = ANY(${params.add(filter.ids)}::int[])`);
  const term = filter.search?.trim();
  let query: string | undefined;
  if (term) {
    query = searchQuery(term, params);
    base.push(`p.search_document @@ ${query}`);
  }
  const facets: Conditions['facets'] = {};
  if (filter.productType) facets.productType = `p.product_type = ${params.add(filter.productType)}`;
  if (filter.inStock !== undefined) facets.inStock = filter.inStock ? 'p.in_stock' : 'NOT p.in_stock';
  const price: string[] = [];
  if (filter.minPrice !== undefined) price.push(`p.price >= ${params.add(filter.minPrice)}::numeric`);
  if (filter.maxPrice !== undefined) price.push(`p.price <= ${params.add(filter.maxPrice)}::numeric`);
  if (price.length) facets.price = price.join(' AND ');
  if (filter.manufacturer?.length) facets.manufacturer = `p.manufacturer = ANY(${params.add(filter.manufacturer)}::text[])`;
  if (filter.minRating !== undefined) facets.rating = `p.rating >= ${params.add(filter.minRating)}`;
  return { base, facets, query };
}

/** Every condition of `c` but the facet `except`'s own. */
export function allBut(c: Conditions, except?: FacetName): string[] {
  return [...c.base, ...Object.entries(c.facets).filter(([name]) => name !== except).map(([, sql]) => sql)];
}

/**
 * GET /api/products. `filter` is the validated query (limit and page defaulted by the caller).
 * Slugs resolve in a scalar subquery, so the filter stays `category_id = <one value>` and the
 * (category_id, sort…) indexes serve it; an unknown slug yields NULL and matches nothing. Booleans
 * are written as literals so the planner can prove the partial indexes (WHERE is_featured / is_new).
 * A search matches the weighted document through its GIN index and sorts by relevance unless
 * another sort is asked for (then the planner walks that sort's index when the words are common,
 * or sorts the few matches of rare ones, as its statistics of the document's words tell).
 */
export function listProductsSql(filter: ProductFilter): PagedSql {
  const params = new Params();
  const c = conditions(filter, params);
  const where = allBut(c);
  const sort = filter.sort ?? (c.query ? 'relevance' : 'name');
  if (!c.query) return paged(where, params, ORDER_BY[sort === 'relevance' ? 'name' : sort], filter);
  if (sort !== 'relevance') return sortedSearch(where, params, ORDER_BY[sort], filter);
  const filterValues = [...params.values];
  const limitAt = params.add(filter.limit);
  const offsetAt = params.add((filter.page - 1) * filter.limit);
  return {
    page: {
      text: `${rankedIds(where, c.query, RANK_CANDIDATES, limitAt, offsetAt)}SELECT ${LIST_COLUMNS} FROM best JOIN products p ON p.id = best.id ORDER BY ${RANKED_ORDER}`,
      values: params.values,
    },
    count: { text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM products p ${whereOf(where)} LIMIT ${TOTAL_CAP + 1}) t`, values: filterValues },
  };
}

/**
 * A search in another order than relevance. Its first TOTAL_CAP + 1 matches are picked through the
 * GIN index (bounded): when that is all of them, they are sorted (a few hundred rows at most);
 * only when there are more does the sort's index walk run, filtering by the search, and with over
 * TOTAL_CAP matches (1 % of 100k products or more) it meets a page's worth soon. Walking the index
 * for a rarer word (a manufacturer's name: 483 of 100k) could read nearly the whole table
 * (measured 445 ms), which the guard prevents: each branch runs only when its one-time filter holds.
 */
function sortedSearch(where: string[], params: Params, orderBy: string, { limit, page }: PageParams): PagedSql {
  const clause = whereOf(where);
  const filterValues = [...params.values];
  const limitAt = params.add(limit);
  const offsetAt = params.add((page - 1) * limit);
  const few = `(SELECT count(*) FROM matches) <= ${TOTAL_CAP}`;
  return {
    page: {
      text:
        `WITH matches AS MATERIALIZED (SELECT p.id FROM products p ${clause} LIMIT ${TOTAL_CAP + 1}) ` +
        `SELECT * FROM ((SELECT ${LIST_COLUMNS} FROM products p WHERE p.id IN (SELECT id FROM matches) AND ${few} ORDER BY ${orderBy} LIMIT ${limitAt} OFFSET ${offsetAt}) ` +
        `UNION ALL (SELECT ${LIST_COLUMNS} FROM products p ${clause} AND NOT ${few} ORDER BY ${orderBy} LIMIT ${limitAt} OFFSET ${offsetAt})) p ORDER BY ${orderBy}`,
      values: params.values,
    },
    count: { text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM products p ${clause} LIMIT ${TOTAL_CAP + 1}) t`, values: filterValues },
  };
}

/** GET /api/products/by-type/:type: products of `type` by name, then id. */
export function productsByTypeSql(type: ProductType, page: PageParams): PagedSql {
  const params = new Params();
  return paged([`p.product_type = ${params.add(type)}`], params, ORDER_BY.name, page);
}

/** GET /api/categories/:slug/products, once the slug is resolved: the category's products by name, then id. */
export function productsByCategorySql(categoryId: number, page: PageParams): PagedSql {
  const params = new Params();
  return paged([`p.category_id = ${params.add(categoryId)}`], params, ORDER_BY.name, page);
}

/** GET /api/subcategories/:slug/products, once the slug is resolved: by name, then id. */
export function productsBySubcategorySql(subcategoryId: number, page: PageParams): PagedSql {
  const params = new Params();
  return paged([`p.subcategory_id = ${params.add(subcategoryId)}`], params, ORDER_BY.name, page);
}

/** GET /api/featured-products: featured products by name, then id (a partial index holds only them). */
export function featuredProductsSql(page: PageParams): PagedSql {
  return paged(['p.is_featured'], new Params(), ORDER_BY.name, page);
}

/**
 * GET /api/categories[?productType=]: categories by sort order, name, id, each with its number of
 * subcategories (`subcategory_count`, an int) counted in the same statement.
 */
export function categoriesSql(productType?: ProductType): Sql {
  const values: unknown[] = productType ? [productType] : [];
  return {
    text:
      'SELECT c.id, c.name, c.description, c.icon, c.slug, c.product_type, c.sort_order, c.created_at, ' +
      '(SELECT count(*)::int FROM subcategories s WHERE s.category_id = c.id) AS subcategory_count ' +
      `FROM categories c ${productType ? 'WHERE c.product_type = $1' : ''} ORDER BY c.sort_order, c.name, c.id`,
    values,
  };
}
