/** GET /api/products/facets's SQL: each filter's counts over a bounded sample, recounted exactly when it is full. */

import { allBut, conditions, type FacetName, type ProductFilter } from './product-list-queries.js';
import { likePattern, Params, type ProductType, type Sql, TOTAL_CAP, whereOf } from './product-sql.js';

/** Stops after TOTAL_CAP + 1 matches: enough to know whether the total is exact or capped. */
function cappedCount(conditions: string[]): string {
  return `(SELECT count(*)::int FROM (SELECT 1 FROM products p ${whereOf(conditions)} LIMIT ${TOTAL_CAP + 1}) t)`;
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
