import type { EntityManager } from 'typeorm';
import { readOrder } from '../orders/order-reads.js';
import { readServiceRequest } from '../service-requests/service-request-reads.js';

/**
 * The data of an order's or a service request's event, rendered by the relay from the history row
 * that caused it (`source_id`) rather than written by the change: the checkout stays one statement.
 * Rendered as of that row: its status is the row's `to_status` and the history ends with it, so an
 * event relayed after later changes still says what that change did (updated_at is its time; an
 * order has no carrier before `shipped`). Lines, totals and contact details are the current ones
 * (they do not change after placing). null when the record is gone.
 */
export async function renderSourced(manager: EntityManager, resourceType: string, sourceId: string): Promise<unknown> {
  if (resourceType === 'order') {
    const [event] = (await manager.query(`SELECT order_id, to_status, id FROM order_events WHERE id = $1`, [sourceId])) as Array<{ order_id: string; to_status: string; id: string }>;
    if (!event) return null;
    const order = await readOrder(manager, 'o.id = $1', [event.order_id]);
    if (!order) return null;
    const events = order.events.slice(0, await historyUpTo(manager, 'order_events', 'order_id', event.id));
    // a carrier is given with `shipped` (ORDER_TRANSITIONS): before it there was none
    const shipped = event.to_status === 'shipped' || event.to_status === 'delivered';
    return {
      ...order,
      status: event.to_status,
      carrier: shipped ? order.carrier : null,
      tracking_number: shipped ? order.tracking_number : null,
      events,
      updated_at: events.at(-1)?.created_at ?? order.updated_at,
    };
  }
  if (resourceType === 'service_request') {
    const [event] = (await manager.query(`SELECT request_id, to_status, id FROM service_request_events WHERE id = $1`, [sourceId])) as Array<{ request_id: string; to_status: string; id: string }>;
    if (!event) return null;
    const request = await readServiceRequest(manager, 'r.id = $1', [event.request_id]);
    if (!request) return null;
    const { id: _id, ...shown } = request; // the row id stays inside the API, as in every answer
    const events = shown.events.slice(0, await historyUpTo(manager, 'service_request_events', 'request_id', event.id));
    return { ...shown, status: event.to_status, events, updated_at: events.at(-1)?.created_at ?? shown.updated_at };
  }
  return null;
}

/** How many history rows come up to and including the row `id`, in the reads' order (created_at, id); compared in SQL, at the timestamps' full precision. */
async function historyUpTo(manager: EntityManager, table: 'order_events' | 'service_request_events', parent: 'order_id' | 'request_id', id: string): Promise<number> {
  const [{ n }] = (await manager.query(
    `SELECT count(*)::int AS n FROM ${table} x JOIN ${table} e ON e.id = $1 WHERE x.${parent} = e.${parent} AND (x.created_at, x.id) <= (e.created_at, e.id)`,
    [id],
  )) as [{ n: number }];
  return n;
}
