import type { EntityManager } from 'typeorm';
import { mapOrder, type OrderDto, type OrderEventRow, type OrderLineRow, type OrderRow } from './dto/order.dto.js';

/** The listing columns of the shopper's list and the admin grid. */
export const SUMMARY_COLUMNS = `o.number, o.status, o.email, o.full_name, o.total_cents, o.created_at,
  (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS line_count`;

/** An order's columns (unqualified, so an INSERT … RETURNING can name them too). */
export const ORDER_COLUMNS = `id, number, status, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents,
  tax_cents, total_cents, carrier, tracking_number, created_at, updated_at`;

/** Who placed an order of `o`, as the practice's members read it (issue 36): the account's full name, else its username. */
export const PLACED_BY = `(SELECT coalesce(nullif(btrim(u.full_name), ''), u.username) FROM users u WHERE u.id = o.user_id) AS placed_by`;

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
 * who placed it (the shopper's reads).
 */
export async function readOrder(manager: EntityManager, where: string, values: unknown[], placedBy = false): Promise<OrderDto | null> {
  const [order] = (await manager.query(`SELECT ${ORDER_COLUMNS}${placedBy ? `, ${PLACED_BY}` : ''} FROM orders o WHERE ${where}`, values)) as OrderRow[];
  if (!order) return null;
  const [lines, events] = await Promise.all([
    manager.query(`SELECT product_id, name, manufacturer, unit_price_cents, image_url, quantity FROM order_lines WHERE order_id = $1 ORDER BY position`, [order.id]) as Promise<OrderLineRow[]>,
    manager.query(`SELECT from_status, to_status, actor, note, created_at FROM order_events WHERE order_id = $1 ORDER BY created_at, id`, [order.id]) as Promise<OrderEventRow[]>,
  ]);
  return mapOrder(order, lines, events);
}
