import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, type EntityManager, type EntitySubscriberInterface, type TransactionCommitEvent } from 'typeorm';
import { APP_CONFIG, type AppConfig, type WebhookConfig } from '../config/app-config.js';
import { Database } from '../database/database.js';
import { Transactions } from '../database/transactions.js';
import { JobQueue } from '../jobs/job-queue.js';
import { OutboxRelay } from '../jobs/outbox-relay.js';
import { EVENTS_WRITTEN } from './webhook-events.js';
import { createDeliveries, DELIVERY_QUEUE_OPTIONS, type NewDelivery, WEBHOOK_DELIVERY_QUEUE } from './webhook-queue.js';
import { renderOrderEvents, renderSourced } from './webhook-renderers.js';

/** How many events a transaction (the relay's timing is OutboxRelay's: 25 ms after a commit, a sweep every 2 s). */
const RELAY_BATCH = 200;
/** The retention sweep: hourly, a thousand events (with their deliveries and log) per statement. */
const RETENTION_SWEEP_MS = 60 * 60 * 1000;
const RETENTION_BATCH = 1_000;

interface UnfannedEvent {
  id: string;
  type: string;
  resource_type: string;
  resource_id: string;
  source_id: string | null;
  unrendered: boolean;
}

/**
 * The webhooks' outbox relay, modelled on the order emails' (mail/order-email.queue.ts). Changes write
 * their events in their own transactions (webhook-events.ts); within 25 ms of such a commit (a TypeORM
 * subscriber sees the transaction's flag), every 2 s for what a crash or another instance left, and
 * once more when the API stops, the relay takes unfanned events in batches with SKIP LOCKED (two
 * instances share the work), deletes those no enabled endpoint subscribes to (nothing rendered: a shop
 * without webhooks pays one insert per change), renders the data an event does not carry, and writes a
 * delivery per subscribed endpoint with its pg-boss job (id = the delivery's) in the same transaction
 * that marks the event fanned out. A crash before that commit leaves the event for the next pass.
 */
@Injectable()
export class WebhookRelay implements OnApplicationBootstrap {
  private readonly config: WebhookConfig;
  private readonly relay: OutboxRelay;
  private retentionTimer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(Database) database: Database,
    dataSource: DataSource,
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.config = config.webhooks;
    this.relay = new OutboxRelay({
      batch: () => this.transactions.run((manager) => this.relayBatch(manager)),
      batchSize: RELAY_BATCH,
      report: (error) => this.jobs.report('webhook outbox', error), // the events stay unfanned for the next pass
    });
    const relay = this;
    dataSource.subscribers.push({
      afterTransactionCommit(event: TransactionCommitEvent) {
        if ((event.queryRunner.data as Record<string, unknown> | undefined)?.[EVENTS_WRITTEN]) relay.relaySoon();
      },
    } satisfies EntitySubscriberInterface);
    database.onClose(() => this.stopRelay());
    // before pg-boss stops: the last events into deliveries now (or the next start fans them out)
    jobs.onStop(async () => {
      const databaseOpen = !this.relay.stopped;
      this.stopRelay();
      if (databaseOpen) await this.relayAll();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.ensureQueue(WEBHOOK_DELIVERY_QUEUE, DELIVERY_QUEUE_OPTIONS);
    // a queue an earlier version made without NOTIFY gets it (its other options stay as they are)
    await this.jobs.boss.updateQueue(WEBHOOK_DELIVERY_QUEUE, { notify: true });
    if (this.relay.stopped) return;
    this.relay.start();
    this.retentionTimer = setInterval(() => void this.deleteExpired(), RETENTION_SWEEP_MS).unref();
    void this.deleteExpired();
  }

  private stopRelay(): void {
    this.relay.stop();
    clearInterval(this.retentionTimer);
  }

  /** Fans the outbox out soon (coalesced: one relay for a burst of commits). */
  relaySoon(): void {
    this.relay.soon();
  }

  /** Fans out every unfanned event, a batch per transaction; returns how many events it took. */
  relayAll(): Promise<number> {
    return this.relay.all();
  }

  private async relayBatch(manager: EntityManager): Promise<number> {
    const events = (await manager.query(
      `SELECT id, type, resource_type, resource_id, source_id, data IS NULL AS unrendered FROM webhook_events
        WHERE NOT fanned_out ORDER BY occurred_at, id LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED`,
    )) as UnfannedEvent[];
    if (events.length === 0) return 0;
    const endpoints = (await manager.query(`SELECT id, events FROM webhook_endpoints WHERE enabled ORDER BY created_at, id`)) as Array<{ id: string; events: string[] }>;
    const unwanted: string[] = [];
    const rendered: Array<{ id: string; data: string }> = [];
    const deliveries: NewDelivery[] = [];
    const wanted = (event: UnfannedEvent) => endpoints.some((endpoint) => endpoint.events.includes(event.type));
    // the orders' events of the batch rendered together (a checkout burst is hundreds of them)
    const orderSources = events.filter((event) => event.unrendered && event.resource_type === 'order' && event.source_id && wanted(event)).map((event) => event.source_id!);
    const ordersRendered = await renderOrderEvents(manager, orderSources);
    for (const event of events) {
      const targets = endpoints.filter((endpoint) => endpoint.events.includes(event.type));
      if (targets.length === 0) {
        unwanted.push(event.id);
        continue;
      }
      if (event.unrendered) {
        const data = !event.source_id
          ? null
          : event.resource_type === 'order'
            ? (ordersRendered.get(event.source_id) ?? null)
            : await renderSourced(manager, event.resource_type, event.source_id);
        if (data === null) {
          unwanted.push(event.id); // its record is gone: nothing left to tell
          continue;
        }
        rendered.push({ id: event.id, data: JSON.stringify(data) });
      }
      for (const endpoint of targets) deliveries.push({ eventId: event.id, endpointId: endpoint.id, resource: `${event.resource_type}:${event.resource_id}` });
    }
    if (unwanted.length) await manager.query(`DELETE FROM webhook_events WHERE id = ANY($1::uuid[])`, [unwanted]);
    if (rendered.length) {
      await manager.query(`UPDATE webhook_events e SET data = r.data FROM unnest($1::uuid[], $2::jsonb[]) AS r(id, data) WHERE e.id = r.id`, [rendered.map((r) => r.id), rendered.map((r) => r.data)]);
    }
    const fanned = events.map((event) => event.id).filter((id) => !unwanted.includes(id));
    if (fanned.length) await manager.query(`UPDATE webhook_events SET fanned_out = true WHERE id = ANY($1::uuid[])`, [fanned]);
    await createDeliveries(manager, this.jobs.boss, this.config, deliveries);
    return events.length;
  }

  /** Deletes events older than WEBHOOK_RETENTION_DAYS (their deliveries and log go with them), a bounded batch per statement. */
  async deleteExpired(): Promise<number> {
    let deleted = 0;
    try {
      for (;;) {
        const [, count] = (await this.transactions.manager.query(
          `DELETE FROM webhook_events WHERE id IN (SELECT id FROM webhook_events WHERE occurred_at < now() - make_interval(days => $1) LIMIT ${RETENTION_BATCH})`,
          [this.config.retentionDays],
        )) as [unknown, number];
        deleted += count;
        if (count < RETENTION_BATCH || this.relay.stopped) return deleted;
      }
    } catch (error) {
      this.jobs.report('webhook retention', error as Error);
      return deleted;
    }
  }
}
