/**
 * The catalogue's reads as plain parameterised SQL. No Nest or TypeORM here on purpose: the API
 * runs these through TypeORM's `manager.query`, and a bare `node:http` + `pg` benchmark server
 * imports the compiled file to run the very same statements.
 *
 * Every ORDER BY below is matched column for column (direction and NULLS included) by an index of
 * migration 1764400000000-CatalogueIndexes, so a page is an index walk that stops after
 * `offset + limit` rows instead of a scan and sort of the table. Change one, change the other.
 */

export interface Sql {
  text: string;
  values: unknown[];
}

/** The page and its capped count (run the count only when the page cannot tell the total). */
export interface PagedSql {
  page: Sql;
  count: Sql;
}

/** Totals are exact up to this; beyond it the API says "1000, capped" instead of counting 65,000 rows. */
export const TOTAL_CAP = 1000;

export type ProductSort = 'price-asc' | 'price-desc' | 'newest' | 'rating';
export type ProductType = 'affiliate' | 'service' | 'equipment';

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
  /** matched case-insensitively as a substring of name or description */
  search?: string;
  /** only these products (the primary key serves it) */
  ids?: number[];
  sort?: ProductSort;
  /** rows per page, >= 1 */
  limit: number;
  /** 1-based */
  page: number;
}

/** `limit` rows per page, `page` 1-based. */
export interface PageParams {
  limit: number;
  page: number;
}

/** A page's rows and the total the API reports: exact up to TOTAL_CAP, else TOTAL_CAP and capped. */
export interface CountedRows<Row> {
  rows: Row[];
  total: number;
  totalCapped: boolean;
}

/**
 * Runs `sql.page`, then `sql.count` only when the page cannot tell the total: a short non-empty page
 * is the end of the list, so most searches and small categories cost one query. `query` runs one
 * statement and returns its rows (the API through TypeORM, the bench's bare server through pg).
 * `cap`: the total beyond which the count statement stops (Infinity for an exact count).
 */
export async function countedPage<Row>(
  sql: PagedSql,
  { limit, page }: PageParams,
  query: (statement: Sql) => Promise<unknown[]>,
  cap: number = TOTAL_CAP,
): Promise<CountedRows<Row>> {
  const rows = (await query(sql.page)) as Row[];
  let total: number;
  if (rows.length > 0 && rows.length < limit) total = (page - 1) * limit + rows.length;
  else if (rows.length === 0 && page === 1) total = 0;
  else total = ((await query(sql.count)) as { total: number }[])[0]!.total;
  const totalCapped = total > cap;
  return { rows, total: totalCapped ? cap : total, totalCapped };
}

/** The wire's columns: everything but image_data, which lists never carry (it can be megabytes). */
export const LIST_COLUMNS =
  'p.id, p.name, p.description, p.price, p.image_url, p.image_type, p.category_id, p.subcategory_id, p.manufacturer, ' +
  'p.specifications, p.product_type, p.external_link, p.affiliate_link, p.service_details, p.features, p.is_featured, ' +
  'p.is_new, p.rating, p.reviews_count, p.created_at, p.slug, p.in_stock, p.delivery_time, p.warranty';

const ORDER_BY: Record<ProductSort | 'name', string> = {
  name: 'p.name, p.id',
  'price-asc': 'p.price, p.id',
  // both descending, so the (price, id) index serves it read backwards
  'price-desc': 'p.price DESC, p.id DESC',
  newest: 'p.created_at DESC, p.id DESC',
  rating: 'p.rating DESC NULLS LAST, p.reviews_count DESC, p.id',
};

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Collects `$n` parameters while the WHERE clause is built. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
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

/**
 * GET /api/products. `filter` is the validated query (limit and page defaulted by the caller).
 * Slugs resolve in a scalar subquery, so the filter stays `category_id = <one value>` and the
 * (category_id, sort…) indexes serve it; an unknown slug yields NULL and matches nothing. Booleans
 * are written as literals so the planner can prove the partial indexes (WHERE is_featured / is_new).
 */
export function listProductsSql(filter: ProductFilter): PagedSql {
  const params = new Params();
  const where: string[] = [];
  if (filter.categorySlug) where.push(`p.category_id = (SELECT id FROM categories WHERE slug = ${params.add(filter.categorySlug)})`);
  if (filter.subcategorySlug) where.push(`p.subcategory_id = (SELECT id FROM subcategories WHERE slug = ${params.add(filter.subcategorySlug)})`);
  if (filter.categoryId !== undefined) where.push(`p.category_id = ${params.add(filter.categoryId)}`);
  if (filter.subcategoryId !== undefined) where.push(`p.subcategory_id = ${params.add(filter.subcategoryId)}`);
  if (filter.productType) where.push(`p.product_type = ${params.add(filter.productType)}`);
  if (filter.featured !== undefined) where.push(filter.featured ? 'p.is_featured' : 'NOT p.is_featured');
  if (filter.new !== undefined) where.push(filter.new ? 'p.is_new' : 'NOT p.is_new');
  if (filter.inStock !== undefined) where.push(filter.inStock ? 'p.in_stock' : 'NOT p.in_stock');
  if (filter.ids) where.push(`p.id = ANY(${params.add(filter.ids)}::int[])`);
  const term = filter.search?.trim();
  if (term) {
    // one parameter used twice: both trigram indexes (name, description) serve it as a BitmapOr
    const pattern = params.add(likePattern(term));
    where.push(`(p.name ILIKE ${pattern} OR p.description ILIKE ${pattern})`);
  }
  return paged(where, params, ORDER_BY[filter.sort ?? 'name'], filter);
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

/**
 * Run in the same transaction right before `correctedSearchSql`: lowers the threshold of pg_trgm's
 * `<%` operator (default 0.6) for this transaction only, so a typo such as 'implnt' (0.57 against
 * "… Implant …") still matches through the trigram index on name.
 */
export const WORD_SIMILARITY_THRESHOLD_SQL: Sql = {
  text: `SELECT set_config('pg_trgm.word_similarity_threshold', '0.4', true)`,
  values: [],
};

/**
 * For a search that found nothing: the word of the closest product name (by trigram word
 * similarity, at least 0.4) most similar to `term`, as one row `{ word }`, or no row. The caller
 * searches again with that word. Candidates are bounded so a short typo matching thousands of
 * names costs a bounded amount of work.
 */
export function correctedSearchSql(term: string): Sql {
  return {
    text:
      'SELECT w AS word FROM (' +
      '  SELECT c.name FROM (SELECT name, id FROM products WHERE $1 <% name LIMIT 1000) c' +
      '  ORDER BY word_similarity($1, c.name) DESC, c.id LIMIT 1' +
      ") best, regexp_split_to_table(lower(best.name), '[^[:alnum:]]+') w " +
      "WHERE w <> '' ORDER BY similarity(w, $1) DESC, w LIMIT 1",
    values: [term],
  };
}
