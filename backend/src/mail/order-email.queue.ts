import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { PgBoss, Queue } from 'pg-boss';
import type { EntityManager, QueryRunner } from 'typeorm';
import type { OrderStatus } from '@dentalmarket/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { Database } from '../database/database.js';
import { Transactions } from '../database/transactions.js';
import { JobQueue, jobDb } from '../jobs/job-queue.js';
import { OutboxRelay } from '../jobs/outbox-relay.js';
import { readOrder } from '../orders/order-reads.js';
import { Mailer } from './mailer.service.js';
import type { OrderDto } from '../orders/dto/order.dto.js';
import { approvalRequestEmail, orderEmail, orderLink } from './order-email.js';

export const ORDER_EMAIL_QUEUE = 'order-email';

/**
 * Retries for a day: 1 s, 2 s, 4 s … doubling up to 30 s between tries, so an SMTP outage of any
 * length up to a day delays the emails by at most 30 s after it ends, and loses none.
 */
const QUEUE_OPTIONS: Omit<Queue, 'name'> = { retryLimit: 2880, retryDelay: 1, retryBackoff: true, retryDelayMax: 30, expireInSeconds: 120 };

/** The outbox relay's rows a transaction (its timing is OutboxRelay's: 25 ms after a checkout, a sweep every 2 s). */
const RELAY_BATCH = 200;

interface OrderEmailJob {
  eventId: string;
}

/** An order event as the email worker reads it, with the member who placed (or submitted) the order. */
interface EventRow {
  order_id: string;
  to_status: OrderStatus;
  note: string | null;
  signed_in: boolean;
  practice_id: number | null;
  submitter_email: string | null;
  submitter: string | null;
}

/**
 * The order emails' durable queue: pg-boss in PostgreSQL. A status change queues its job in the same
 * transaction as the event it announces (so a rollback queues nothing and a commit always has its job);
 * a checkout writes its event's id to `order_email_outbox` in the statement that places the order, and
 * the relay here moves outbox rows into jobs in batches (row deleted and job made in one transaction).
 * A job has the event's id, so an event has at most one job. The worker sends with a sent-marker row written in
 * the transaction that waits for SMTP's answer: a retried or duplicated job finds the marker and sends
 * nothing, and a send that fails rolls the marker back for the next try. The pg-boss is the process's
 * one (jobs/job-queue.ts), which stops after the relay's last pass.
 */
@Injectable()
export class OrderEmailQueue implements OnApplicationBootstrap {
  private readonly boss: PgBoss;
  /** the shop's origin for the emails' links to the order */
  private readonly shopOrigin: string;
  private readonly relay: OutboxRelay;

  constructor(
    @Inject(Database) database: Database,
    private readonly transactions: Transactions,
    private readonly mailer: Mailer,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.boss = jobs.boss;
    // a worker has no request to take an origin from: PUBLIC_URL, or this server as a developer reaches it
    this.shopOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
    this.relay = new OutboxRelay({
      batch: () => this.relayBatch(),
      batchSize: RELAY_BATCH,
      report: (error) => this.jobs.report('email outbox', error), // the rows stay in the outbox for the next relay
    });
    // however the database is closed (the API, a CLI, a test), the relay's timers go with it
    database.onClose(() => this.relay.stop());
    // before pg-boss stops: the last checkouts' emails into the queue now (or the next start moves them)
    jobs.onStop(async () => {
      const databaseOpen = !this.relay.stopped;
      this.relay.stop();
      if (databaseOpen) await this.relayAll();
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.ensureQueue(ORDER_EMAIL_QUEUE, QUEUE_OPTIONS);
    // batches of up to 20, fetched back to back while they come full (a backlog drains at SMTP's
    // pace, not one job per poll). A failure fails the batch: its retry finds the emails already
    // sent by their markers and sends only the rest.
    const options = { batchSize: 20, burstWhenBatchFull: true, pollingIntervalSeconds: 0.5, localConcurrency: 2 };
    await this.boss.work<OrderEmailJob>(ORDER_EMAIL_QUEUE, options, async (jobs) => {
      // two at a time per worker, so four sends at once in all (the mailer's pooled SMTP connections);
      // each holds a database connection while SMTP answers, so no more than that
      for (let i = 0; i < jobs.length; i += 2) await Promise.all(jobs.slice(i, i + 2).map((job) => this.deliver(job.data.eventId)));
    });
    // what a crash, an outage or another instance left in the outbox, and what this one left at start
    this.relay.start();
  }

  /** Queues the email of an order event, inside the caller's transaction (`manager`). */
  async enqueue(manager: EntityManager, eventId: string): Promise<void> {
    await this.boss.send(ORDER_EMAIL_QUEUE, { eventId } satisfies OrderEmailJob, { id: eventId, db: jobDb(manager.queryRunner as QueryRunner) });
  }

  /** Moves the outbox into the job queue soon (coalesced: one relay for a burst of checkouts). */
  relaySoon(): void {
    this.relay.soon();
  }

  /**
   * Moves every outbox row into pg-boss, a batch per transaction: the rows are taken with SKIP LOCKED
   * (two instances share the work), deleted, and their jobs inserted under the event ids in the same
   * transaction, so a row becomes exactly one job (pg-boss ignores an id it has). Returns how many.
   */
  relayAll(): Promise<number> {
    return this.relay.all();
  }

  private relayBatch(): Promise<number> {
    return this.transactions.run(async (manager) => {
      const runner = manager.queryRunner as QueryRunner;
      // structured: a DELETE's plain result would be [rows, count]
      const rows = (await runner.query(
        `DELETE FROM order_email_outbox WHERE event_id IN (SELECT event_id FROM order_email_outbox ORDER BY created_at LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED) RETURNING event_id`,
        [],
        true,
      )).records as { event_id: string }[];
      if (rows.length === 0) return 0;
      await this.boss.insert(ORDER_EMAIL_QUEUE, rows.map(({ event_id }) => ({ id: event_id, data: { eventId: event_id } satisfies OrderEmailJob })), { db: jobDb(runner) });
      return rows.length;
    });
  }

  /**
   * Who an event's email goes to, and what it says. Issue 36: an order submitted for approval asks
   * the practice's owners (one email, all of them); a declined or expired one tells the member who
   * submitted it (their account's address, else the order's); every other event (the placing at
   * approval too) is the order's usual email to its address. null: nobody to tell.
   */
  private async messageOf(manager: EntityManager, event: EventRow, order: OrderDto): Promise<{ to: string | string[]; subject: string; text: string; html: string } | null> {
    if (event.to_status === 'awaiting_approval') {
      const owners = (await manager.query(`SELECT email FROM users WHERE practice_id = $1 AND practice_role = 'owner' AND role = 'customer' ORDER BY id`, [event.practice_id])) as Array<{ email: string }>;
      if (owners.length === 0) return null;
      return { to: owners.map((owner) => owner.email), ...approvalRequestEmail(order, event.submitter ?? 'A member of your practice', `${this.shopOrigin}/practice#approvals`) };
    }
    const link = orderLink(this.shopOrigin, order.number, event.signed_in);
    if (event.to_status === 'declined' || event.to_status === 'expired') {
      return { to: event.submitter_email ?? order.email, ...orderEmail(order, event, link, event.submitter ?? order.shipping.fullName) };
    }
    return { to: order.email, ...orderEmail(order, event, link) };
  }

  /** Sends one event's email unless its marker says it was sent; throws (→ retry) when SMTP fails. */
  async deliver(eventId: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      const marked = await manager.query(`INSERT INTO order_emails_sent (event_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING event_id`, [eventId]);
      if (marked.length === 0) return; // sent before (a retry after a crash between SMTP and commit would send again: at most that once)
      const [event] = (await manager.query(
        `SELECT e.order_id, e.to_status, e.note, o.user_id IS NOT NULL AS signed_in, o.practice_id,
                u.email AS submitter_email, coalesce(nullif(btrim(u.full_name), ''), u.username) AS submitter
           FROM order_events e JOIN orders o ON o.id = e.order_id LEFT JOIN users u ON u.id = o.user_id WHERE e.id = $1`,
        [eventId],
      )) as EventRow[];
      const order = event && (await readOrder(manager, 'o.id = $1', [event.order_id]));
      if (!order) return; // the order was deleted since: nothing to tell
      const mail = await this.messageOf(manager, event, order);
      if (!mail) return;
      await this.mailer.send({ ...mail, messageId: `<${eventId}@dentalmarket.example>`, fileName: `${order.number}-${event.to_status}-${eventId}` });
    });
  }
}
