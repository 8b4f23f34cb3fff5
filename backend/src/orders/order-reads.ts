import type { EntityManager } from 'typeorm';
import { mapOrder, type OrderDto, type OrderEventRow, type OrderLineRow, type OrderRow } from './dto/order.dto.js';

/** The listing columns of the shopper's list and the admin grid. */
export const SUMMARY_COLUMNS = `o.number, o.status, o.email, o.full_name, o.total_cents, o.created_at, o.po_number, o.approval_expires_at, o.payment_due_at, o.paid_at, o.paid_cents,
  (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS line_count`;

/** An order's columns (unqualified, so an INSERT … RETURNING can name them too). */
export const ORDER_COLUMNS = `id, number, status, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents,
  tax_cents, total_cents, carrier, tracking_number, created_at, updated_at, po_number, approved_at, approval_expires_at, payment_due_at,
  tax_exempt_certificate, to_char(tax_exempt_until, 'YYYY-MM-DD') AS tax_exempt_until, paid_at, paid_cents`;

/** Who placed an order of `o`, as the practice's members read it (issue 36): the account's full name, else its username. */
export const PLACED_BY = `(SELECT coalesce(nullif(btrim(u.full_name), ''), u.username) FROM users u WHERE u.id = o.user_id) AS placed_by`;
/** Who approved it (issue 36), as PLACED_BY names people; the shopper's reads of one order. */
export const APPROVED_BY = `(SELECT coalesce(nullif(btrim(u.full_name), ''), u.username) FROM users u WHERE u.id = o.approved_by) AS approved_by`;

/**
 * The shopper's orders (issue 36): their practice's, every member's; an account without a practice
 * (an admin who checked out) sees the orders it placed itself. `$n` is the parameter to bind
 * `recordsOwner(user)` to.
 */
export function ownRecords(alias: string, n: number, user: { practice_id: number | null }): string {
  return user.practice_id === null ? `${alias}.user_id = $${n} AND ${alias}.practice_id IS NULL` : `${alias}.practice_id = $${n}`;
}
export function recordsOwner(user: { id: number; practice_id: number | null }): number {
  return user.practice_id ?? user.id;
}

/**
 * One order with its lines and history, by a condition on `o` (e.g. `o.number = $1 AND o.practice_id = $2`),
 * or null. Shared by the shopper's and the admin's reads and by the email worker; `placedBy` adds
 * who placed and who approved it (the shopper's reads).
 */
export async function readOrder(manager: EntityManager, where: string, values: unknown[], placedBy = false): Promise<OrderDto | null> {
  const [order] = (await manager.query(`SELECT ${ORDER_COLUMNS}${placedBy ? `, ${PLACED_BY}, ${APPROVED_BY}` : ''} FROM orders o WHERE ${where}`, values)) as OrderRow[];
  if (!order) return null;
  const [lines, events] = await Promise.all([
    manager.query(`SELECT product_id, name, manufacturer, unit_price_cents, image_url, quantity FROM order_lines WHERE order_id = $1 ORDER BY position`, [order.id]) as Promise<OrderLineRow[]>,
    manager.query(`SELECT from_status, to_status, actor, note, created_at FROM order_events WHERE order_id = $1 ORDER BY created_at, id`, [order.id]) as Promise<OrderEventRow[]>,
  ]);
  return mapOrder(order, lines, events);
}

/**
 * Several orders by id, with their lines and history, in three statements whatever their number
 * (the webhook relay renders a batch of order events at once). Keyed by the order's id as text.
 */
export async function readOrders(manager: EntityManager, ids: string[]): Promise<Map<string, OrderDto>> {
  const found = new Map<string, OrderDto>();
  if (ids.length === 0) return found;
  // one statement after another: they share the caller's (transaction's) connection
  const orders = (await manager.query(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = ANY($1::bigint[])`, [ids])) as OrderRow[];
  const lines = (await manager.query(
    `SELECT order_id::text, product_id, name, manufacturer, unit_price_cents, image_url, quantity FROM order_lines WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, position`,
    [ids],
  )) as Array<OrderLineRow & { order_id: string }>;
  const events = (await manager.query(
    `SELECT order_id::text, from_status, to_status, actor, note, created_at FROM order_events WHERE order_id = ANY($1::bigint[]) ORDER BY order_id, created_at, id`,
    [ids],
  )) as Array<OrderEventRow & { order_id: string }>;
  // each row without its order's id, as readOrder's rows are (mapOrder passes a history row on whole)
  const byOrder = <T extends { order_id: string }>(rows: T[]) => {
    const grouped = new Map<string, Omit<T, 'order_id'>[]>();
    for (const { order_id, ...row } of rows) grouped.set(order_id, [...(grouped.get(order_id) ?? []), row]);
    return grouped;
  };
  const linesOf = byOrder(lines);
  const eventsOf = byOrder(events);
  for (const order of orders) {
    const id = String(order.id);
    found.set(id, mapOrder(order, linesOf.get(id) ?? [], eventsOf.get(id) ?? []));
  }
  return found;
}
