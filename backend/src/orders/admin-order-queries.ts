/**
 * The admin orders grid's reads as plain parameterised SQL, like catalog/admin-product-queries.ts.
 * Every sort, in both directions, alone or behind the status filter, is an index of migration
 * 1764600000000-Orders, so a page is an ordered index walk that stops after `offset + limit` rows;
 * the date range bounds the same walk. The total without a search is summed from `order_counts`
 * (per UTC day and status, kept by a trigger) rather than counted over a million rows.
 */
import { likePattern, Params, type PagedSql } from '../catalog/product-queries.js';
import type { AdminOrderListQueryDto } from './dto/order-requests.dto.js';
import { normaliseOrderNumber, ORDER_NUMBER_PATTERN } from './order-number.js';
import { SUMMARY_COLUMNS } from './order-reads.js';

const ORDER_BY = {
  created_at: { asc: 'o.created_at, o.id', desc: 'o.created_at DESC, o.id DESC' },
  total: { asc: 'o.total_cents, o.id', desc: 'o.total_cents DESC, o.id DESC' },
} as const;

export const ADMIN_ORDER_PAGE_DEFAULT = 25;

/** The WHERE clause of the filters (shared by the page, its total and the CSV export). */
export function orderFilter(query: AdminOrderListQueryDto, params: Params): string {
  const where: string[] = [];
  if (query.status) where.push(`o.status = ${params.add(query.status)}`);
  // days are UTC days: the same boundaries as order_counts
  if (query.from) where.push(`o.created_at >= (${params.add(query.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (query.to) where.push(`o.created_at < (${params.add(query.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const term = query.q?.trim();
  if (term) {
    const number = normaliseOrderNumber(term);
    // a whole order number is one unique-index probe; anything else searches email and name
    if (ORDER_NUMBER_PATTERN.test(number)) where.push(`o.number = ${params.add(number)}`);
    else {
      const pattern = params.add(likePattern(term));
      where.push(`(o.email ILIKE ${pattern} OR o.full_name ILIKE ${pattern})`);
    }
  }
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

export function orderByOf(query: AdminOrderListQueryDto): string {
  return ORDER_BY[query.sort ?? 'created_at'][query.order ?? 'desc'];
}

/** GET /api/admin/orders: one page and its exact total. */
export function adminOrdersSql(query: AdminOrderListQueryDto): PagedSql {
  const params = new Params();
  const clause = orderFilter(query, params);
  const filterValues = [...params.values];
  const limit = query.limit ?? ADMIN_ORDER_PAGE_DEFAULT;
  const limitAt = params.add(limit);
  const offsetAt = params.add(((query.page ?? 1) - 1) * limit);
  return {
    page: { text: `SELECT ${SUMMARY_COLUMNS} FROM orders o ${clause} ORDER BY ${orderByOf(query)} LIMIT ${limitAt} OFFSET ${offsetAt}`, values: params.values },
    count: query.q?.trim() ? { text: `SELECT count(*)::int AS total FROM orders o ${clause}`, values: filterValues } : countsSql(query),
  };
}

/** The total of a status and date range from the per-day counters. */
function countsSql(query: AdminOrderListQueryDto): PagedSql['count'] {
  const params = new Params();
  const where: string[] = [];
  if (query.status) where.push(`status = ${params.add(query.status)}`);
  if (query.from) where.push(`day >= ${params.add(query.from)}::date`);
  if (query.to) where.push(`day <= ${params.add(query.to)}::date`);
  return { text: `SELECT coalesce(sum(n), 0)::int AS total FROM order_counts ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, values: params.values };
}

/** The CSV export's rows: the same filters and order, every column a fulfilment sheet needs. */
export function exportSql(query: AdminOrderListQueryDto): { text: string; values: unknown[] } {
  const params = new Params();
  const clause = orderFilter(query, params);
  return {
    text: `SELECT o.number, o.created_at, o.status, o.email, o.full_name, o.address, o.city, o.state, o.zip_code,
             o.subtotal_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.currency, o.carrier, o.tracking_number,
             (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS line_count
           FROM orders o ${clause} ORDER BY ${orderByOf(query)}`,
    values: params.values,
  };
}
