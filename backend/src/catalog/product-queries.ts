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

export type ProductSort = 'relevance' | 'name' | 'price-asc' | 'price-desc' | 'newest' | 'rating';
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

/** The list's rows of the given products (the search index's page), by primary key, in no particular order. */
export function productsByIdsSql(ids: number[]): Sql {
  return { text: `SELECT ${LIST_COLUMNS} FROM products p WHERE p.id = ANY($1::int[])`, values: [ids] };
}

const ORDER_BY: Record<Exclude<ProductSort, 'relevance'>, string> = {
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

/** The filters of the results page that have counts (GET /api/products/facets): each is left out of its own counts. */
export type FacetName = 'productType' | 'inStock' | 'price' | 'manufacturer' | 'rating';

/** A filter as SQL conditions on `p` (a products row): the ones every count keeps, and each facet's own. */
interface Conditions {
  base: string[];
  facets: Partial<Record<FacetName, string>>;
  /** the search's tsquery expression, when there is a search */
  query?: string;
}

/**
 * A last word made only of letters, marks and digits (no tsquery syntax at all): the prefix. A last
 * word with punctuation inside ('x-ray', 'call-out_fees', '3.5mm') is left whole to websearch_to_tsquery,
 * which reads it as the phrase the document's parser made of it.
 */
const WORD_AT_END = /(^|\s)([\p{L}\p{M}\p{N}]+)$/u;

/**
 * Splits a trimmed search into what `websearch_to_tsquery` reads (quoted phrases, -word, or) and
 * the last word, matched as a prefix ('autocl' finds autoclaves while typing). The last word is
 * read whole when it is inside an open quote, excluded with '-' or holds punctuation; after 'or'
 * it is an alternative rather than a further condition.
 */
export function splitSearch(term: string): { head: string; prefix: string; or: boolean } {
  const match = WORD_AT_END.exec(term);
  if (!match) return { head: term, prefix: '', or: false };
  const before = term.slice(0, match.index + match[1]!.length);
  // inside an open quote: part of a phrase
  if ((before.match(/"/g) ?? []).length % 2 === 1) return { head: term, prefix: '', or: false };
  const or = /(^|\s)or\s+$/i.test(before);
  return { head: or ? before.replace(/(^|\s)or\s+$/i, ' ') : before, prefix: match[2]!, or };
}

/**
 * The shorter forms a typed prefix may have as a stem: up to 4 letters off a prefix of 7 or more,
 * down to 5 letters (English suffixes the stemmer strips: -ators, -ation, -ing…). Letters and
 * digits only, lower case, so each is a valid whole-word to_tsquery.
 */
export function prefixStems(prefix: string): string[] {
  const chars = [...prefix.toLowerCase()];
  const forms: string[] = [];
  if (chars.length < 7) return forms;
  for (let drop = 1; drop <= 4 && chars.length - drop >= 5; drop++) forms.push(chars.slice(0, chars.length - drop).join(''));
  return forms;
}

/**
 * The search's tsquery as an SQL expression over parameters: never built by pasting user text
 * into tsquery syntax. `websearch_to_tsquery` accepts any text; the prefix holds only letters,
 * marks and digits, so `prefix || ':*'` is always a valid to_tsquery input. Only stop words or
 * punctuation ('"', ':*', '&|!') make an empty query, which matches nothing.
 */
export function searchQuery(term: string, params: Params): string {
  const { head, prefix, or } = splitSearch(term);
  const parts: string[] = [];
  if (head.trim()) parts.push(`websearch_to_tsquery('english', ${params.add(head)})`);
  if (prefix) {
    // the document holds stems: 'frobnicat' (typing 'frobnicators') is past its stem 'frobnic', so
    // a long prefix also matches its own shorter forms as whole words
    const shorter = prefixStems(prefix);
    const alternatives = [`to_tsquery('english', ${params.add(`${prefix}:*`)})`, ...shorter.map((word) => `to_tsquery('simple', ${params.add(word)})`)];
    parts.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' || ')})`);
  }
  if (parts.length === 0) return `websearch_to_tsquery('english', ${params.add(term)})`;
  return parts.length === 1 ? parts[0]! : `(${parts.join(or ? ' || ' : ' && ')})`;
}

/** A lexeme in a tsquery's text ('word', quotes doubled) and its prefix mark: the operands nameOnly weights. */
const OPERAND = String.raw`('(?:[^'\\]|''|\\.)*')(?::(\*))?`.replace(/'/g, "''");

/**
 * The same query with every word restricted to the name (weight A): each operand of the query's
 * text ('word' or 'word':*) gets :A. Matching it means every searched word is in the name; its
 * negations (!'word':A) never widen anything, as it is always used together with the query itself.
 */
function nameOnly(query: string): string {
  return `regexp_replace((${query})::text, '${OPERAND}', '\\1:\\2A', 'g')::tsquery`;
}

function conditions(filter: Omit<ProductFilter, 'limit' | 'page'>, params: Params): Conditions {
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
function allBut(c: Conditions, except?: FacetName): string[] {
  return [...c.base, ...Object.entries(c.facets).filter(([name]) => name !== except).map(([, sql]) => sql)];
}

const whereOf = (conditions: string[]) => (conditions.length ? `WHERE ${conditions.join(' AND ')}` : '');

/**
 * 'Best match' ranks at most this many matches, so a word in half the catalogue costs about what a
 * rare one does: the matches the planner reads stop here, and only they are ranked. They are the
 * best-rated matches (the rating sort's index, walked while the word is common; the few matches of
 * a rare word sorted), never "the first the scan met": an unordered LIMIT returned different
 * products for the same search from one request to the next (synchronised scans start anywhere),
 * so pages repeated or skipped products. Twice TOTAL_CAP, so every page the capped total announces
 * is there.
 */
export const RANK_CANDIDATES = 2 * TOTAL_CAP;

/**
 * The best `limitAt` of the first `candidates` matches: those whose name holds every searched word
 * first, then by ts_rank_cd (weights A 1, B 0.4, C 0.2, D 0.1), then name, id.
 */
function rankedIds(conditions: string[], query: string, candidates: number, limitAt: string, offsetAt?: string): string {
  return (
    `WITH candidates AS (SELECT p.id, p.name, p.search_document FROM products p ${whereOf(conditions)} ORDER BY ${ORDER_BY.rating} LIMIT ${candidates}), ` +
    `best AS (SELECT c.id, c.name, c.search_document @@ ${nameOnly(query)} AS in_name, ts_rank_cd(c.search_document, ${query}) AS rank ` +
    `FROM candidates c ORDER BY in_name DESC, rank DESC, c.name, c.id LIMIT ${limitAt}${offsetAt ? ` OFFSET ${offsetAt}` : ''}) `
  );
}

const RANKED_ORDER = 'best.in_name DESC, best.rank DESC, best.name, best.id';

/** Stops after TOTAL_CAP + 1 matches: enough to know whether the total is exact or capped. */
function cappedCount(conditions: string[]): string {
  return `(SELECT count(*)::int FROM (SELECT 1 FROM products p ${whereOf(conditions)} LIMIT ${TOTAL_CAP + 1}) t)`;
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

/** GET /api/products/facets's filter: the list's, plus a search among the manufacturers. */
export interface FacetsFilter extends Omit<ProductFilter, 'limit' | 'page' | 'sort'> {
  manufacturerSearch?: string;
}

/**
 * Facet counts are taken over at most this many matches of the filters that have no counts
 * (search, category, featured…), read once. When there are fewer, every count is exact; else a
 * value seen at least TOTAL_CAP times among them is '1000+' and the others are counted again
 * on their own (productFacetSecondSql), each stopping at TOTAL_CAP + 1.
 */
export const FACET_SAMPLE = 5000;
/** Manufacturers listed by count (the selected ones always added). */
export const FACET_MANUFACTURERS = 20;
/** The minimum ratings counted (contracts' RATING_FILTERS). */
export const FACET_RATINGS = [4, 3, 2, 1] as const;
const PRODUCT_TYPE_VALUES: ProductType[] = ['affiliate', 'service', 'equipment'];

/**
 * GET /api/products/facets, first statement: one row with the sample's size, each facet's counts
 * in the sample (each with every other filter applied but its own), the manufacturers (the most
 * frequent, and the selected ones), and the price range without the price filter (an index walk
 * each way, stopping at the first product with a price).
 */
export function productFacetsSql(filter: FacetsFilter): Sql {
  const params = new Params();
  const c = conditions(filter, params);
  const inSample = (except?: FacetName) => {
    const rest = Object.entries(c.facets).filter(([name]) => name !== except).map(([, sql]) => sql);
    return rest.length ? `WHERE ${rest.join(' AND ')}` : '';
  };
  const and = (except: FacetName | undefined, extra: string) => `${inSample(except) ? `${inSample(except)} AND` : 'WHERE'} ${extra}`;
  const selected = params.add(filter.manufacturer ?? []);
  const manufacturerSearch = filter.manufacturerSearch?.trim();
  const nameMatch = manufacturerSearch ? ` AND p.manufacturer ILIKE ${params.add(likePattern(manufacturerSearch))}` : '';
  const priceWhere = whereOf([...allBut(c, 'price'), 'p.price > 0']);
  const text =
    // the sample in a fixed order (the primary key): the same search counts the same products every time
    `WITH sample AS MATERIALIZED (SELECT p.product_type, p.in_stock, p.rating, p.manufacturer, p.price FROM products p ${whereOf(c.base)} ORDER BY p.id LIMIT ${FACET_SAMPLE}) ` +
    'SELECT (SELECT count(*)::int FROM sample) AS sampled, ' +
    `(SELECT count(*)::int FROM sample p ${inSample()}) AS total, ` +
    PRODUCT_TYPE_VALUES.map((type) => `(SELECT count(*)::int FROM sample p ${and('productType', `p.product_type = '${type}'`)}) AS "type_${type}", `).join('') +
    `(SELECT count(*)::int FROM sample p ${and('inStock', 'p.in_stock')}) AS in_stock, ` +
    `(SELECT json_build_array(${FACET_RATINGS.map((r) => `count(*) FILTER (WHERE p.rating >= ${r})`).join(', ')}) FROM sample p ${inSample('rating')}) AS ratings, ` +
    '(SELECT json_build_object(\'listed\', coalesce(json_agg(json_build_array(g.manufacturer, g.n) ORDER BY g.n DESC, g.manufacturer) ' +
    `FILTER (WHERE g.rank <= ${FACET_MANUFACTURERS} OR g.manufacturer = ANY(${selected}::text[])), '[]'), 'distinct', count(*)) ` +
    'FROM (SELECT p.manufacturer, count(*)::int AS n, row_number() OVER (ORDER BY count(*) DESC, p.manufacturer) AS rank ' +
    `FROM sample p ${inSample('manufacturer')}${inSample('manufacturer') ? nameMatch : nameMatch.replace(' AND', 'WHERE')} GROUP BY p.manufacturer) g) AS manufacturers, ` +
    `(SELECT p.price::text FROM products p ${priceWhere} ORDER BY p.price, p.id LIMIT 1) AS price_min, ` +
    `(SELECT p.price::text FROM products p ${priceWhere} ORDER BY p.price DESC, p.id DESC LIMIT 1) AS price_max`;
  return { text, values: params.values };
}

/** A facet value to count exactly (up to TOTAL_CAP + 1) when the sample could not tell. */
export type FacetValue =
  | { facet: 'total' }
  | { facet: 'productType'; value: ProductType }
  | { facet: 'inStock' }
  | { facet: 'rating'; value: number }
  | { facet: 'manufacturer'; value: string };

/**
 * GET /api/products/facets, second statement (only after a full sample): the capped count of each
 * of `values` over the whole catalogue, as one row of columns c0, c1… Each is a LIMIT TOTAL_CAP + 1
 * subquery whose own condition an index serves (the type's, rating's or manufacturer's btree, with
 * the search's GIN).
 */
export function productFacetSecondSql(filter: FacetsFilter, values: FacetValue[]): Sql {
  const params = new Params();
  const c = conditions(filter, params);
  const columns = values.map((v, i) => {
    let where: string[];
    if (v.facet === 'total') where = allBut(c);
    else if (v.facet === 'productType') where = [...allBut(c, 'productType'), `p.product_type = ${params.add(v.value)}`];
    else if (v.facet === 'inStock') where = [...allBut(c, 'inStock'), 'p.in_stock'];
    else if (v.facet === 'rating') where = [...allBut(c, 'rating'), `p.rating >= ${params.add(v.value)}`];
    else where = [...allBut(c, 'manufacturer'), `p.manufacturer = ${params.add(v.value)}`];
    return `${cappedCount(where)} AS c${i}`;
  });
  return { text: `SELECT ${columns.join(', ')}`, values: params.values };
}

export interface FacetCountRow<Value> {
  value: Value;
  count: number;
  capped?: boolean;
}

/** GET /api/products/facets's answer (contracts' ProductFacetsResponse, less correctedSearch). */
export interface ProductFacets {
  total: number;
  totalCapped: boolean;
  productTypes: FacetCountRow<ProductType>[];
  manufacturers: FacetCountRow<string>[];
  manufacturersMore: boolean;
  inStock: FacetCountRow<true>;
  ratings: FacetCountRow<number>[];
  price: { min: string; max: string } | null;
}

interface FacetsRow {
  sampled: number;
  total: number;
  type_affiliate: number;
  type_service: number;
  type_equipment: number;
  in_stock: number;
  ratings: number[];
  manufacturers: { listed: [string, number][]; distinct: number };
  price_min: string | null;
  price_max: string | null;
}

/** A count as the facets report it: exact up to TOTAL_CAP, else TOTAL_CAP and capped. */
export function counted<Value>(value: Value, count: number): FacetCountRow<Value> {
  return count > TOTAL_CAP ? { value, count: TOTAL_CAP, capped: true } : { value, count };
}

/**
 * The facets of `filter` in one statement, or two when the filters without counts match more than
 * FACET_SAMPLE products. `query` runs one statement (TypeORM in the API, pg in the bench).
 */
export async function productFacets(filter: FacetsFilter, query: (statement: Sql) => Promise<unknown[]>): Promise<ProductFacets> {
  const [row] = (await query(productFacetsSql(filter))) as FacetsRow[];
  const r = row!;
  const selected = filter.manufacturer ?? [];
  const listed = new Map(r.manufacturers.listed.map(([name, n]) => [name, n]));
  for (const name of selected) if (!listed.has(name)) listed.set(name, 0);
  const counts = new Map<string, number>([
    ['total', r.total],
    ...PRODUCT_TYPE_VALUES.map((type) => [`productType:${type}`, r[`type_${type}`]] as [string, number]),
    ['inStock', r.in_stock],
    ...FACET_RATINGS.map((rating, i) => [`rating:${rating}`, r.ratings[i]!] as [string, number]),
    ...[...listed].map(([name, n]) => [`manufacturer:${name}`, n] as [string, number]),
  ]);
  const complete = r.sampled < FACET_SAMPLE;
  if (!complete) {
    // seen TOTAL_CAP times in the sample: '1000+' already; the rest are counted on their own
    const recount: FacetValue[] = [];
    const keys: string[] = [];
    for (const [key, n] of counts) {
      if (n >= TOTAL_CAP) {
        counts.set(key, TOTAL_CAP + 1);
        continue;
      }
      const [facet, value] = key.split(/:(.*)/s) as [FacetValue['facet'], string?];
      keys.push(key);
      if (facet === 'rating') recount.push({ facet, value: Number(value) });
      else if (facet === 'productType') recount.push({ facet, value: value as ProductType });
      else if (facet === 'manufacturer') recount.push({ facet, value: value! });
      else recount.push({ facet } as FacetValue);
    }
    if (recount.length) {
      const [exact] = (await query(productFacetSecondSql(filter, recount))) as Record<string, number>[];
      keys.forEach((key, i) => counts.set(key, exact![`c${i}`]!));
    }
  }
  const manufacturers = [...listed.keys()]
    .map((name) => ({ name, n: counts.get(`manufacturer:${name}`)! }))
    .sort((a, b) => b.n - a.n || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const total = counts.get('total')!;
  return {
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
    productTypes: PRODUCT_TYPE_VALUES.map((type) => counted(type, counts.get(`productType:${type}`)!)),
    manufacturers: manufacturers.map(({ name, n }) => counted(name, n)),
    manufacturersMore: r.manufacturers.distinct > r.manufacturers.listed.length || !complete,
    inStock: counted(true as const, counts.get('inStock')!),
    ratings: FACET_RATINGS.map((rating) => counted(rating, counts.get(`rating:${rating}`)!)),
    price: r.price_min === null || r.price_max === null ? null : { min: r.price_min, max: r.price_max },
  };
}

/** Candidates ranked for the header's suggestions (per kind, as for 'Best match'). */
export const SUGGEST_CANDIDATES = 100;

/**
 * GET /api/search/suggestions: one row with `products` (at most `products`, best match first, the
 * last word a prefix) and `categories` (at most `categories` whose name holds the query, by name),
 * each a JSON array.
 */
export function suggestionsSql(q: string, { products = 5, categories = 3 }: { products?: number; categories?: number } = {}): Sql {
  const params = new Params();
  const query = searchQuery(q, params);
  const pattern = params.add(likePattern(q));
  const text =
    `${rankedIds([`p.search_document @@ ${query}`], query, SUGGEST_CANDIDATES, String(products))}` +
    'SELECT (SELECT coalesce(json_agg(json_build_object(\'id\', p.id, \'name\', p.name, \'slug\', p.slug, \'product_type\', p.product_type, ' +
    `'manufacturer', p.manufacturer, 'price', p.price::text, 'image_url', p.image_url) ORDER BY ${RANKED_ORDER}), '[]') ` +
    'FROM best JOIN products p ON p.id = best.id) AS products, ' +
    "(SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'product_type', c.product_type) ORDER BY c.name, c.id), '[]') " +
    `FROM (SELECT * FROM categories c WHERE c.name ILIKE ${pattern} ORDER BY c.name, c.id LIMIT ${categories}) c) AS categories`;
  return { text, values: params.values };
}
