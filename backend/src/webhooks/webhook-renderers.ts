import type { EntityManager } from 'typeorm';
import type { OrderDto } from '../orders/dto/order.dto.js';
import { readOrders } from '../orders/order-reads.js';
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
  if (resourceType === 'order') return (await renderOrderEvents(manager, [sourceId])).get(sourceId) ?? null;
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

/**
 * The data of a batch of order events (order_events ids), in four statements whatever their number:
 * the events with their place in their order's history, then the orders with lines and history.
 * Keyed by the event's id; an event whose order is gone is absent.
 */
export async function renderOrderEvents(manager: EntityManager, sourceIds: string[]): Promise<Map<string, unknown>> {
  const rendered = new Map<string, unknown>();
  if (sourceIds.length === 0) return rendered;
  const events = (await manager.query(
    `SELECT e.id, e.order_id::text AS order_id, e.to_status,
            (SELECT count(*)::int FROM order_events x WHERE x.order_id = e.order_id AND (x.created_at, x.id) <= (e.created_at, e.id)) AS n
       FROM order_events e WHERE e.id = ANY($1::uuid[])`,
    [sourceIds],
  )) as Array<{ id: string; order_id: string; to_status: OrderDto['status']; n: number }>;
  const orders = await readOrders(manager, [...new Set(events.map((event) => event.order_id))]);
  for (const event of events) {
    const order = orders.get(event.order_id);
    if (order) rendered.set(event.id, asOf(order, event.to_status, event.n));
  }
  return rendered;
}

/** The order as of the history row that is its `n`th: that row's status, the history up to it, no carrier before `shipped`. */
function asOf(order: OrderDto, status: OrderDto['status'], n: number): unknown {
  const events = order.events.slice(0, n);
  // a carrier is given with `shipped` (ORDER_TRANSITIONS): before it there was none
  const shipped = status === 'shipped' || status === 'delivered';
  return {
    ...order,
    status,
    carrier: shipped ? order.carrier : null,
    tracking_number: shipped ? order.tracking_number : null,
    events,
    updated_at: events.at(-1)?.created_at ?? order.updated_at,
  };
}
