/**
 * The catalogue SQL's shared parts: the statement and page types, the capped-count rule, the list's
 * columns and orders, and the parameter collector. Imports nothing (see product-queries.ts).
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

export type ProductSort = 'relevance' | 'name' | 'price-asc' | 'price-desc' | 'newest' | 'rating';
export type ProductType = 'affiliate' | 'service' | 'equipment';

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

export const ORDER_BY: Record<Exclude<ProductSort, 'relevance'>, string> = {
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

export const whereOf = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');
