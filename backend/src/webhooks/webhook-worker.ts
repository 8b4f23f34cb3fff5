import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, JobResult } from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { WebhookEventPayload } from '@dentalmarket/contracts';
import { APP_CONFIG, type AppConfig, type WebhookConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { JobQueue } from '../jobs/job-queue.js';
import { Mailer } from '../mail/mailer.service.js';
import { WEBHOOK_DELIVERY_QUEUE, type WebhookDeliveryJob } from './webhook-queue.js';
import { type SendOutcome, sendSigned } from './webhook-sender.js';

/** Deliveries one worker takes per fetch, and how many of a batch's resources it sends to at once. */
const BATCH_SIZE = 50;
const SENDS_AT_ONCE = 16;

interface LoadedDelivery {
  id: string;
  status: string;
  attempts: number;
  seq: string;
  endpoint_id: string;
  url: string | null;
  enabled: boolean | null;
  secret: string | null;
  previous_secret: string | null;
  event_id: string;
  type: string;
  resource_type: string;
  resource_id: string;
  occurred_at: Date;
  data: unknown;
  expired: boolean;
}

/** Thrown for pg-boss to try the delivery again later (its back-off): no attempt is recorded for a wait. */
class TryLater extends Error {}

/** "3 days", "36 hours", "90 seconds": the window in the disabled endpoint's reason and the admins' email. */
export function windowWords(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds % 86_400 === 0) return unit(seconds / 86_400, 'day');
  if (seconds % 3600 === 0) return unit(seconds / 3600, 'hour');
  return unit(seconds, 'second');
}

/**
 * Delivers webhooks: the pg-boss queue `webhook-delivery`, one job per delivery. A delivery is posted
 * only after every earlier delivery (lower seq) of the same resource to the same endpoint has ended,
 * so a receiver sees an order placed before its status changes (a waiting delivery's job backs off,
 * and is woken when the one it waited for ends); within a batch one resource's jobs run one after the
 * other, different resources at once. Each try is a line of the endpoint's delivery log;
 * a 2xx ends the delivery and clears the endpoint's failing_since; anything else fails the job for
 * pg-boss's back-off, until the delivery is older than the retry window (then it is failed). An
 * endpoint failing for longer than that window is disabled, and the admins are emailed once. No
 * database connection is held while a receiver answers.
 */
@Injectable()
export class WebhookWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('Webhooks');
  private readonly config: WebhookConfig;

  constructor(
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
  ) {
    this.config = appConfig.webhooks;
  }

  async onApplicationBootstrap(): Promise<void> {
    const options = { batchSize: BATCH_SIZE, pollingIntervalSeconds: 0.5, localConcurrency: 2, perJobResults: true as const };
    await this.jobs.boss.work<WebhookDeliveryJob>(WEBHOOK_DELIVERY_QUEUE, options, (jobs) => this.handle(jobs));
  }

  /** One batch: resources in parallel (at most SENDS_AT_ONCE), each resource's deliveries in seq order. */
  private async handle(jobs: Job<WebhookDeliveryJob>[]): Promise<JobResult[]> {
    const groups = new Map<string, Job<WebhookDeliveryJob>[]>();
    for (const job of jobs) {
      const key = `${job.data.endpointId}|${job.data.resource}`;
      groups.set(key, [...(groups.get(key) ?? []), job]);
    }
    const queue = [...groups.values()].map((group) => group.sort((a, b) => a.data.seq - b.data.seq));
    const results: JobResult[] = [];
    const lane = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        for (const job of group) {
          try {
            await this.deliver(job.data.deliveryId);
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            if (!(error instanceof TryLater)) this.jobs.report('webhook delivery', error as Error);
            results.push({ id: job.id, status: 'failed', output: { message: (error as Error).message } });
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, queue.length) }, lane));
    return results;
  }

  /** One try of one delivery; returns when it has ended (or has nothing to do), throws to be tried again. */
  async deliver(deliveryId: string): Promise<void> {
    const manager = this.transactions.manager;
    const [delivery] = (await manager.query(
      `SELECT d.id, d.status, d.attempts, d.seq::text AS seq, d.endpoint_id, p.url, p.enabled, p.secret,
              CASE WHEN p.previous_secret_expires_at > now() THEN p.previous_secret END AS previous_secret,
              e.id AS event_id, e.type, e.resource_type, e.resource_id, e.occurred_at, e.data,
              d.created_at < now() - make_interval(secs => $2) AS expired
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id LEFT JOIN webhook_endpoints p ON p.id = d.endpoint_id
        WHERE d.id = $1`,
      [deliveryId, this.config.retryWindowSeconds],
    )) as LoadedDelivery[];
    if (!delivery || delivery.status !== 'pending') return; // gone with its endpoint or event, or ended before (a duplicated job)
    if (!delivery.enabled) return this.end(manager, delivery, 'cancelled');
    const [earlier] = await manager.query(
      `SELECT 1 FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        WHERE d.endpoint_id = $1 AND d.status = 'pending' AND d.seq < $2 AND e.resource_type = $3 AND e.resource_id = $4 LIMIT 1`,
      [delivery.endpoint_id, delivery.seq, delivery.resource_type, delivery.resource_id],
    );
    if (earlier) {
      // still waiting at the window's end: it fails with the earlier one, untried (the endpoint's own tries decide its fate)
      if (delivery.expired) return this.end(manager, delivery, 'failed');
      throw new TryLater(`waiting for an earlier delivery of ${delivery.resource_type} ${delivery.resource_id} to this endpoint`);
    }
    // past the window this is the last try: record() fails the delivery if it fails too

    const payload: WebhookEventPayload = { id: delivery.event_id, type: delivery.type as WebhookEventPayload['type'], timestamp: delivery.occurred_at.toISOString(), data: delivery.data };
    const outcome = await sendSigned({
      url: delivery.url!,
      eventId: delivery.event_id,
      body: JSON.stringify(payload),
      secret: delivery.secret!,
      previousSecret: delivery.previous_secret,
      timeoutSeconds: this.config.timeoutSeconds,
      allowPrivate: this.config.allowPrivate,
    });
    const { ended, disabled } = await this.transactions.run((tx) => this.record(tx, delivery, outcome));
    if (disabled) await this.tellAdmins(delivery.endpoint_id, disabled);
    if (!ended) throw new TryLater(outcome.error ?? 'failed');
    await this.wakeNext(delivery);
  }

  private async end(manager: EntityManager, delivery: LoadedDelivery, status: 'cancelled' | 'failed'): Promise<void> {
    await manager.query(`UPDATE webhook_deliveries SET status = $2, finished_at = now() WHERE id = $1 AND status = 'pending'`, [delivery.id, status]);
    await this.wakeNext(delivery);
  }

  /**
   * The next delivery of the same resource to the same endpoint waited for this one, its job backing
   * off (up to WEBHOOK_RETRY_DELAY_MAX_SECONDS apart): now that this one ended it runs at once, rather
   * than at its next try. Best effort: at worst it runs at that next try.
   */
  private async wakeNext(delivery: LoadedDelivery): Promise<void> {
    try {
      const [next] = (await this.transactions.manager.query(
        `SELECT d.id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
          WHERE d.endpoint_id = $1 AND d.status = 'pending' AND d.seq > $2 AND e.resource_type = $3 AND e.resource_id = $4 ORDER BY d.seq LIMIT 1`,
        [delivery.endpoint_id, delivery.seq, delivery.resource_type, delivery.resource_id],
      )) as Array<{ id: string }>;
      if (next) await this.jobs.boss.update(WEBHOOK_DELIVERY_QUEUE, undefined, { id: next.id, startAfter: new Date() });
    } catch (error) {
      this.jobs.report('webhook delivery', error as Error);
    }
  }

  /**
   * The try's log line and its consequences, in one transaction: whether the delivery ended, and the
   * endpoint's url when this try disabled it (only one transaction can flip `enabled`, so the admins
   * are emailed once).
   */
  private async record(manager: EntityManager, delivery: LoadedDelivery, outcome: SendOutcome): Promise<{ ended: boolean; disabled?: string }> {
    // the endpoint's row first, before any other lock: the tries of one endpoint's deliveries record one
    // after the other, each taking its locks in the same order (the attempt's foreign keys, then the
    // endpoint's failing_since and the deliveries a disabling cancels locked them in either order: deadlocks)
    await manager.query(`SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR NO KEY UPDATE`, [delivery.endpoint_id]);
    await manager.query(
      `INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status_code, duration_ms, response_excerpt, error) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [delivery.id, delivery.endpoint_id, delivery.attempts + 1, outcome.statusCode, outcome.durationMs, outcome.responseExcerpt, outcome.error],
    );
    if (outcome.ok) {
      await manager.query(`UPDATE webhook_deliveries SET attempts = attempts + 1, status = 'succeeded', finished_at = now() WHERE id = $1`, [delivery.id]);
      await manager.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1 AND failing_since IS NOT NULL`, [delivery.endpoint_id]);
      return { ended: true };
    }
    // a failure past the window ends the delivery; before it, the job's retry tries again
    const [{ status }] = (await manager.query(
      `UPDATE webhook_deliveries SET attempts = attempts + 1,
              status = CASE WHEN created_at < now() - make_interval(secs => $2) THEN 'failed' ELSE status END,
              finished_at = CASE WHEN created_at < now() - make_interval(secs => $2) THEN now() END
        WHERE id = $1 RETURNING status`,
      [delivery.id, this.config.retryWindowSeconds],
    ))[0] as Array<{ status: string }>;
    await manager.query(`UPDATE webhook_endpoints SET failing_since = now() WHERE id = $1 AND failing_since IS NULL`, [delivery.endpoint_id]);
    const [disabled] = ((await manager.query(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $3, updated_at = now()
        WHERE id = $1 AND enabled AND failing_since < now() - make_interval(secs => $2) RETURNING url`,
      [delivery.endpoint_id, this.config.retryWindowSeconds, `Disabled after failing for ${windowWords(this.config.retryWindowSeconds)}`],
    )) as [Array<{ url: string }>, number])[0];
    if (!disabled) return { ended: status !== 'pending' };
    // this delivery and the endpoint's other waiting ones end now rather than each at its next try
    await manager.query(`UPDATE webhook_deliveries SET status = 'failed', finished_at = now() WHERE id = $1 AND status = 'pending'`, [delivery.id]);
    await manager.query(`UPDATE webhook_deliveries SET status = 'cancelled', finished_at = now() WHERE endpoint_id = $1 AND status = 'pending'`, [delivery.endpoint_id]);
    return { ended: true, disabled: disabled.url };
  }

  /** The enabled admins' addresses (else SUPPLIER_EMAIL): an endpoint stopped and nobody may be watching the log. */
  private async tellAdmins(endpointId: string, url: string): Promise<void> {
    try {
      const rows = (await this.transactions.manager.query(`SELECT email FROM users WHERE role = 'admin' AND disabled_at IS NULL ORDER BY id LIMIT 20`)) as Array<{ email: string }>;
      const to = rows.length ? rows.map((row) => row.email) : (this.appConfig.mail.supplier ?? []);
      if (to.length === 0) return;
      const window = windowWords(this.config.retryWindowSeconds);
      await this.mailer.send({
        to,
        subject: `Webhook endpoint disabled: ${url}`,
        text: [
          `The webhook endpoint ${url} failed every delivery for ${window}, so DentalMarket disabled it and stopped sending to it.`,
          '',
          `Its delivery log (GET /api/admin/webhooks/${endpointId}/deliveries) shows what the receiver answered to each try.`,
          'Once the receiver works again, enable the endpoint; events missed meanwhile can be resent from the log.',
        ].join('\n'),
        messageId: `<webhook-disabled-${endpointId}-${Date.now()}@dentalmarket.example>`,
        fileName: `webhook-disabled-${endpointId}-${Date.now()}`,
      });
    } catch (error) {
      this.logger.error(`the email about the disabled webhook endpoint ${url} could not be sent: ${(error as Error).message}`);
    }
  }
}
