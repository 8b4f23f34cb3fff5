import type { JobInsert, PgBoss, Queue } from 'pg-boss';
import type { EntityManager, QueryRunner } from 'typeorm';
import type { WebhookConfig } from '../config/app-config.js';
import { jobDb } from '../jobs/job-queue.js';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/** A delivery's job: its id is the delivery's; the rest lets a batch keep one resource's deliveries in order. */
export interface WebhookDeliveryJob {
  deliveryId: string;
  endpointId: string;
  /** `type:id` of what the event is about */
  resource: string;
  /** the delivery's place in the order of all deliveries (webhook_deliveries.seq) */
  seq: number;
}

/**
 * The retries of a delivery, on each job (the queue's stored options are whatever its first instance
 * made, so the configuration goes with the jobs): back-off doubling from WEBHOOK_RETRY_DELAY_SECONDS
 * up to WEBHOOK_RETRY_DELAY_MAX_SECONDS, tries enough to outlast the window (the worker ends a
 * delivery older than the window itself), kept in the queue a day beyond it.
 */
export function deliveryJobOptions(config: WebhookConfig): Omit<JobInsert, 'id' | 'data'> {
  return {
    retryBackoff: true,
    retryDelay: config.retryDelaySeconds,
    retryDelayMax: config.retryDelayMaxSeconds,
    // pg-boss's jittered back-off waits at least half the delay: this many tries cannot run out first
    retryLimit: Math.ceil((2 * config.retryWindowSeconds) / config.retryDelaySeconds) + 20,
    expireInSeconds: config.timeoutSeconds + 60,
    retentionSeconds: config.retryWindowSeconds + 86_400,
  };
}

/** The queue itself: a new job wakes the workers at once (LISTEN/NOTIFY; polling stays as the floor). */
export const DELIVERY_QUEUE_OPTIONS: Omit<Queue, 'name'> = { retryBackoff: true, retryDelay: 5, retryDelayMax: 3600, retryLimit: 200, expireInSeconds: 120, notify: true };

export interface NewDelivery {
  eventId: string;
  endpointId: string;
  resource: string;
}

/**
 * Creates deliveries (in the order given: their seq) and their jobs in the caller's transaction, so a
 * delivery always has its job and a rollback leaves neither. Returns the deliveries' ids.
 */
export async function createDeliveries(manager: EntityManager, boss: PgBoss, config: WebhookConfig, deliveries: NewDelivery[]): Promise<string[]> {
  if (deliveries.length === 0) return [];
  const rows = (await manager.query(
    `INSERT INTO webhook_deliveries (id, event_id, endpoint_id, resource)
     SELECT gen_random_uuid(), d.event_id, d.endpoint_id, d.resource FROM unnest($1::uuid[], $2::uuid[], $3::text[]) WITH ORDINALITY AS d(event_id, endpoint_id, resource, n) ORDER BY d.n
     RETURNING id, seq::text AS seq, endpoint_id, resource`,
    [deliveries.map((d) => d.eventId), deliveries.map((d) => d.endpointId), deliveries.map((d) => d.resource)],
  )) as Array<{ id: string; seq: string; endpoint_id: string; resource: string }>;
  const options = deliveryJobOptions(config);
  await boss.insert(
    WEBHOOK_DELIVERY_QUEUE,
    rows.map((row) => ({
      ...options,
      id: row.id,
      data: { deliveryId: row.id, endpointId: row.endpoint_id, resource: row.resource, seq: Number(row.seq) } satisfies WebhookDeliveryJob,
    })),
    { db: jobDb(manager.queryRunner as QueryRunner) },
  );
  return rows.map((row) => row.id);
}
