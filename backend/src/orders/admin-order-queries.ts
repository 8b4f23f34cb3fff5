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

/**
 * The orders the supplier sees (issue 36): placed ones. An order awaiting a practice owner's approval,
 * or declined or expired, was never placed: not in the grid, its export or its figures (order_counts
 * does not count them either). A filter on the walk, not an index condition: the sorts' plans stay as they are.
 */
export const SUPPLIER_SEES = `o.status <> ALL(ARRAY['awaiting_approval', 'declined', 'expired']::order_status[])`;

/**
 * Issue 36's overdue invoices: unpaid, uncancelled, past their due date. The predicate repeats the
 * partial index IDX_orders_unpaid_due's, so the filter walks that index (its rows are the open
 * invoices only, by due date) and a page is its first `offset + limit` entries.
 */
export const OVERDUE = `o.payment_due_at IS NOT NULL AND o.paid_at IS NULL AND o.status <> 'cancelled' AND o.payment_due_at < now()`;
const overdueOnly = (query: AdminOrderListQueryDto) => query.overdue === 'true';

/** The WHERE clause of the filters (shared by the page, its total and the CSV export). */
export function orderFilter(query: AdminOrderListQueryDto, params: Params): string {
  const where: string[] = [];
  // '= ANY(ARRAY[…])' rather than '=': see orderByOf; the status filter takes supplier statuses only
  if (query.status) where.push(`o.status = ANY(ARRAY[${params.add(query.status)}]::order_status[])`);
  // an invoice (a due date) was placed: the overdue filter needs no status test, so its count is an index-only scan
  else if (!overdueOnly(query)) where.push(SUPPLIER_SEES);
  // days are UTC days: the same boundaries as order_counts
  if (query.from) where.push(`o.created_at >= (${params.add(query.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (query.to) where.push(`o.created_at < (${params.add(query.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const term = query.q?.trim();
  if (term) where.push(searchCondition(term, params));
  if (overdueOnly(query)) where.push(OVERDUE);
  return `WHERE ${where.join(' AND ')}`;
}

/** `term` as the start of a LIKE pattern: its wildcards escaped, lower case. */
const prefixPattern = (term: string) => `${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const reversed = (term: string) => [...term].reverse().join('');
const DOMAIN = /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+$/u;

/**
 * The search box: a whole order number is one unique-index probe; text with an '@' is an email that
 * starts with it ('jane@', 'jane@clinic.example') or, typed with the '@' first, a domain it ends with
 * ('@clinic.example'), each a B-tree range; other text is a name that contains it (trigram index),
 * an email that starts with it, or (when it looks like a domain, 'clinic.example') ends with it.
 * Emails are matched from an end, not anywhere inside: every address shares trigrams such as 'com'
 * or 'exa', so a substring search over a million of them reads most of a trigram index (migration
 * 1764650000000-OrderEmailSearch).
 */
function searchCondition(term: string, params: Params): string {
  const number = normaliseOrderNumber(term);
  if (ORDER_NUMBER_PATTERN.test(number)) return `o.number = ${params.add(number)}`;
  const endsWith = () => `reverse(lower(o.email)) LIKE ${params.add(prefixPattern(reversed(term)))}`;
  if (term.startsWith('@')) return endsWith();
  const startsWith = `lower(o.email) LIKE ${params.add(prefixPattern(term))}`;
  if (term.includes('@')) return startsWith;
  return `(${startsWith}${DOMAIN.test(term) ? ` OR ${endsWith()}` : ''} OR o.full_name ILIKE ${params.add(likePattern(term))})`;
}

/** A search's total is counted up to this many orders; beyond, the grid says 'more than 1,000'. */
export const ORDER_SEARCH_COUNT_CAP = 1000;

/**
 * The page's order. Behind a status filter it starts with the status, so only the (status, sort)
 * index gives it: with 'o.status = $1' the planner treats the status as a constant, finds the plain
 * sort index just as good (its estimates assume statuses spread evenly over time) and walks newest
 * first past every recent 'placed' order to find 25 shipped ones (24 ms at 1,000,000 orders, where
 * the status index takes 0.2). The status goes in the direction the index is walked in: the
 * created_at index is declared descending, the total index ascending.
 */
export function orderByOf(query: AdminOrderListQueryDto): string {
  // the longest overdue first: IDX_orders_unpaid_due in its own order
  if (overdueOnly(query)) return 'o.payment_due_at, o.id';
  const sort = query.sort ?? 'created_at';
  const order = query.order ?? 'desc';
  if (!query.status) return ORDER_BY[sort][order];
  const forward = order === (sort === 'created_at' ? 'desc' : 'asc');
  return `o.status${forward ? '' : ' DESC'}, ${ORDER_BY[sort][order]}`;
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
    // a search counts its matches, stopping after the cap (a name such as 'Smith' can match 50,000)
    count: query.q?.trim()
      ? { text: `SELECT count(*)::int AS total FROM (SELECT 1 FROM orders o ${clause} LIMIT ${ORDER_SEARCH_COUNT_CAP + 1}) matches`, values: filterValues }
      : overdueOnly(query)
        ? // the overdue invoices are counted on their partial index (an index-only scan of the open invoices past due)
          { text: `SELECT count(*)::int AS total FROM orders o ${clause}`, values: filterValues }
        : countsSql(query),
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
    text: `SELECT o.number, o.created_at, o.status, o.po_number, o.email, o.full_name, o.address, o.city, o.state, o.zip_code,
             o.subtotal_cents, o.shipping_cents, o.tax_cents, o.total_cents, o.currency, o.carrier, o.tracking_number,
             (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS line_count
           FROM orders o ${clause} ORDER BY ${orderByOf(query)}`,
    values: params.values,
  };
}
