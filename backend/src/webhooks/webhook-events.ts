import type { EntityManager, QueryRunner } from 'typeorm';
import type { WebhookEventType } from '@dentalmarket/contracts';

/** The flag on a transaction's query runner saying it wrote events: the relay runs once it commits (webhook-relay.ts). */
export const EVENTS_WRITTEN = 'webhookEventsWritten';

/** What announces an order or a service request: its history row, rendered by the relay as of that row. */
export type SourcedResource = 'order' | 'service_request';

export interface NewWebhookEvent {
  type: WebhookEventType;
  /** with resource_id, what the event is about: deliveries of one resource to one endpoint go in order */
  resourceType: 'order' | 'product' | 'import' | 'service_request';
  resourceId: string | number;
  /** the history row (order_events, service_request_events) the relay renders the data from; data stays null */
  sourceId?: string;
  /** the payload's data, rendered in the transaction (a deleted product can only be rendered before it goes) */
  data?: unknown;
}

/**
 * Writes events into the outbox (`webhook_events`) inside the caller's transaction, so an event exists
 * exactly when its change committed. Always written, whether or not an endpoint wants them: the relay
 * deletes those no enabled endpoint subscribes to before rendering anything, which keeps a shop without
 * webhooks at one insert per change.
 */
export async function emitWebhookEvents(manager: EntityManager, events: NewWebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  await manager.query(
    `INSERT INTO webhook_events (id, type, resource_type, resource_id, source_id, data)
     SELECT gen_random_uuid(), e.type, e.resource_type, e.resource_id, e.source_id, e.data
       FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::jsonb[]) AS e(type, resource_type, resource_id, source_id, data)`,
    [
      events.map((event) => event.type),
      events.map((event) => event.resourceType),
      events.map((event) => String(event.resourceId)),
      events.map((event) => event.sourceId ?? null),
      events.map((event) => (event.data === undefined ? null : JSON.stringify(event.data))),
    ],
  );
  const runner = manager.queryRunner as QueryRunner | undefined;
  if (runner) runner.data = { ...(runner.data as object), [EVENTS_WRITTEN]: true };
}

export const emitWebhookEvent = (manager: EntityManager, event: NewWebhookEvent) => emitWebhookEvents(manager, [event]);

/**
 * The checkout's CTE (orders/place-order-sql.ts PLACE_AS_SENT): the `order.placed` event of the order
 * the statement writes (CTE `o`), sourced by its first history row (parameter `eventParam`). None for
 * an order awaiting approval (issue 36): its `order.placed` is written when an owner approves it.
 */
export const orderPlacedEventCte = (eventParam: string) =>
  `INSERT INTO webhook_events (id, type, resource_type, resource_id, source_id, occurred_at)
   SELECT gen_random_uuid(), 'order.placed', 'order', o.number, ${eventParam}, o.created_at FROM o WHERE o.status = 'placed'`;
