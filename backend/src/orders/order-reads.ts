import type { EntityManager } from 'typeorm';
import { mapOrder, type OrderDto, type OrderEventRow, type OrderLineRow, type OrderRow } from './dto/order.dto.js';

/** The listing columns of the shopper's list and the admin grid. */
export const SUMMARY_COLUMNS = `o.number, o.status, o.email, o.full_name, o.total_cents, o.created_at,
  (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.id) AS line_count`;

/** An order's columns (unqualified, so an INSERT … RETURNING can name them too). */
export const ORDER_COLUMNS = `id, number, status, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents,
  tax_cents, total_cents, carrier, tracking_number, created_at, updated_at`;

/**
 * One order with its lines and history, by a condition on `o` (e.g. `o.number = $1 AND o.user_id = $2`),
 * or null. Shared by the shopper's and the admin's reads and by the email worker.
 */
export async function readOrder(manager: EntityManager, where: string, values: unknown[]): Promise<OrderDto | null> {
  const [order] = (await manager.query(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${where}`, values)) as OrderRow[];
  if (!order) return null;
  const [lines, events] = await Promise.all([
    manager.query(`SELECT product_id, name, manufacturer, unit_price_cents, image_url, quantity FROM order_lines WHERE order_id = $1 ORDER BY position`, [order.id]) as Promise<OrderLineRow[]>,
    manager.query(`SELECT from_status, to_status, actor, note, created_at FROM order_events WHERE order_id = $1 ORDER BY created_at, id`, [order.id]) as Promise<OrderEventRow[]>,
  ]);
  return mapOrder(order, lines, events);
}
