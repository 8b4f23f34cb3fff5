/**
 * The admin product grid's reads as plain parameterised SQL, like product-queries.ts for the
 * storefront (and, like it, importing only that file). Every sort, in both directions, is matched by
 * an index (migrations 1764400000000-CatalogueIndexes and 1764500000000-AdminGridIndexes), so a
 * page is an ordered index walk that stops after `offset + limit` rows. Change one, change the other.
 */
import { LIST_COLUMNS, likePattern, type PagedSql, type PageParams, Params, type ProductType } from './product-queries.js';

export type AdminSortField = 'name' | 'product_type' | 'category' | 'price' | 'in_stock' | 'created_at';

/** The grid's filters (also the catalogue export's). */
export interface AdminProductWhere {
  productType?: ProductType;
  categoryId?: number;
  subcategoryId?: number;
  inStock?: boolean;
  /** case-insensitive substring of name, description or manufacturer */
  search?: string;
}

export interface AdminProductFilter extends PageParams, AdminProductWhere {
  sortField?: AdminSortField;
  sortDirection?: 'asc' | 'desc';
}

/** A price of 0 is no price: a 'Get a Quote' service, a partner's product. Such rows come last in both directions. */
const LISTED_PRICE = 'NULLIF(p.price, 0)';

/** Each sort's ascending and descending ORDER BY; the descending one is its index read backwards unless said. */
const ORDER_BY: Record<AdminSortField, Record<'asc' | 'desc', string>> = {
  name: { asc: 'p.name, p.id', desc: 'p.name DESC, p.id DESC' },
  product_type: { asc: 'p.product_type, p.name, p.id', desc: 'p.product_type DESC, p.name DESC, p.id DESC' },
  // two indexes: NULLS LAST in both directions is not one index read backwards
  price: { asc: `${LISTED_PRICE} NULLS LAST, p.id`, desc: `${LISTED_PRICE} DESC NULLS LAST, p.id DESC` },
  in_stock: { asc: 'p.in_stock, p.name, p.id', desc: 'p.in_stock DESC, p.name DESC, p.id DESC' },
  // the newest index (created_at DESC, id DESC) read forwards for desc, backwards for asc
  created_at: { asc: 'p.created_at, p.id', desc: 'p.created_at DESC, p.id DESC' },
  category: { asc: 'c.name, c.id, p.name, p.id', desc: 'c.name DESC, c.id DESC, p.name DESC, p.id DESC' },
};

/** The WHERE clause of the grid's filters on `products p` ('' for none), its values added to `params`. */
export function adminProductWhere(filter: AdminProductWhere, params: Params): string {
  const where: string[] = [];
  if (filter.productType) where.push(`p.product_type = ${params.add(filter.productType)}`);
  if (filter.categoryId !== undefined) where.push(`p.category_id = ${params.add(filter.categoryId)}`);
  if (filter.subcategoryId !== undefined) where.push(`p.subcategory_id = ${params.add(filter.subcategoryId)}`);
  if (filter.inStock !== undefined) where.push(filter.inStock ? 'p.in_stock' : 'NOT p.in_stock');
  const term = filter.search?.trim();
  if (term) {
    const pattern = params.add(likePattern(term));
    where.push(`(p.name ILIKE ${pattern} OR p.description ILIKE ${pattern} OR p.manufacturer ILIKE ${pattern})`);
  }
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** GET /api/admin/products: one page with the category and subcategory names, and its exact count. */
export function adminProductsSql(filter: AdminProductFilter): PagedSql {
  const params = new Params();
  const clause = adminProductWhere(filter, params);
  const filterValues = [...params.values];
  const sortField = filter.sortField ?? 'name';
  const direction = filter.sortDirection ?? 'asc';
  const orderBy = ORDER_BY[sortField][direction];
  const limitAt = params.add(filter.limit);
  const offsetAt = params.add((filter.page - 1) * filter.limit);
  const columns = `${LIST_COLUMNS}, c.name AS category_name, s.name AS subcategory_name`;
  const subcategory = 'LEFT JOIN subcategories s ON s.id = p.subcategory_id';
  const tail = `ORDER BY ${orderBy} LIMIT ${limitAt} OFFSET ${offsetAt}`;
  // by category: the few categories in name order, and for each its products through the
  // (category_id, name, id) index, so only the categories the page reaches are read
  const from =
    sortField === 'category'
      ? `(SELECT id, name FROM categories ORDER BY name ${direction}, id ${direction}) c ` +
        `CROSS JOIN LATERAL (SELECT * FROM products p ${clause ? `${clause} AND` : 'WHERE'} p.category_id = c.id ORDER BY p.name ${direction}, p.id ${direction}) p ${subcategory}`
      : `products p JOIN categories c ON c.id = p.category_id ${subcategory} ${clause}`;
  return {
    page: { text: `SELECT ${columns} FROM ${from} ${tail}`, values: params.values },
    // exact: the grid pages through all of them
    count: { text: `SELECT count(*)::int AS total FROM products p ${clause}`, values: filterValues },
  };
}
