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
  resource: string;
  url: string | null;
  enabled: boolean | null;
  secret: string | null;
  previous_secret: string | null;
  event_id: string;
  type: string;
  occurred_at: Date;
  data: unknown;
  expired: boolean;
  /** an earlier delivery of the same resource to the same endpoint, outside this batch, is still pending */
  blocked: boolean;
}

/** What became of one delivery of a batch: a try made (its outcome), ended untried, or nothing to do. */
type Step = { delivery: LoadedDelivery; tried: SendOutcome } | { delivery: LoadedDelivery; ended: 'cancelled' | 'failed' } | { delivery: LoadedDelivery; waiting: true };

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
    // woken by a new job's NOTIFY (jobs/job-queue.ts listens), polling every half second without it and
    // every 5 s beside it, or every first retry delay when that is shorter: a retry comes due with no
    // NOTIFY and is found by that poll (with 1 s retries, each waited up to 5 s); a full batch fetches
    // the next at once (a backlog drains at the receiver's pace)
    const notifyPollingIntervalSeconds = Math.min(5, this.config.retryDelaySeconds);
    const options = { batchSize: BATCH_SIZE, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds, burstWhenBatchFull: true, localConcurrency: 2, perJobResults: true as const };
    await this.jobs.boss.work<WebhookDeliveryJob>(WEBHOOK_DELIVERY_QUEUE, options, (jobs) => this.handle(jobs));
  }

  /**
   * One batch: its deliveries loaded in one statement, resources sent to in parallel (at most
   * SENDS_AT_ONCE), each resource's deliveries in seq order (one waits while an earlier one is
   * pending), then every try of the batch recorded in one transaction: a commit per batch, not per
   * delivery (at 100 deliveries a second to one endpoint, per-delivery commits queued on its row).
   */
  private async handle(jobs: Job<WebhookDeliveryJob>[]): Promise<JobResult[]> {
    const loaded = await this.load(jobs.map((job) => job.data.deliveryId));
    const groups = Map.groupBy(jobs, (job) => `${job.data.endpointId}|${job.data.resource}`);
    const queue = [...groups.values()].map((group) => group.sort((a, b) => a.data.seq - b.data.seq));
    const steps: Step[] = [];
    const lane = async () => {
      for (let group = queue.shift(); group; group = queue.shift()) {
        let waiting = false; // an earlier delivery of this group is still pending: the rest wait for it
        for (const job of group) {
          const delivery = loaded.get(job.data.deliveryId);
          if (!delivery || delivery.status !== 'pending') continue; // gone with its endpoint or event, or ended before (a duplicated job)
          const step = await this.step(delivery, waiting);
          steps.push(step);
          waiting = 'waiting' in step || ('tried' in step && !step.tried.ok && !delivery.expired);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, queue.length) }, lane));
    const { pending, disabled } = await this.transactions.run((manager) => this.record(manager, steps));
    for (const [endpointId, url] of disabled) await this.tellAdmins(endpointId, url);
    await this.wakeNext(steps.filter((step) => !pending.has(step.delivery.id)).map((step) => step.delivery));
    const stepOf = new Map(steps.map((step) => [step.delivery.id, step]));
    return jobs.map((job): JobResult => {
      if (!pending.has(job.data.deliveryId)) return { id: job.id, status: 'completed' };
      const step = stepOf.get(job.data.deliveryId);
      const why = step && 'tried' in step ? (step.tried.error ?? `the receiver answered ${step.tried.statusCode}`) : `waiting for an earlier delivery of ${job.data.resource} to this endpoint`;
      return { id: job.id, status: 'failed', output: { message: why } };
    });
  }

  /** The batch's deliveries with their endpoints and events, and whether each waits for one outside the batch. */
  private async load(ids: string[]): Promise<Map<string, LoadedDelivery>> {
    const rows = (await this.transactions.manager.query(
      `SELECT d.id, d.status, d.attempts, d.seq::text AS seq, d.endpoint_id, d.resource, p.url, p.enabled, p.secret,
              CASE WHEN p.previous_secret_expires_at > now() THEN p.previous_secret END AS previous_secret,
              e.id AS event_id, e.type, e.occurred_at, e.data,
              d.created_at < now() - make_interval(secs => $2) AS expired,
              EXISTS (SELECT 1 FROM webhook_deliveries x
                       WHERE x.endpoint_id = d.endpoint_id AND x.resource = d.resource AND x.status = 'pending' AND x.seq < d.seq AND x.id <> ALL($1::uuid[])) AS blocked
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id LEFT JOIN webhook_endpoints p ON p.id = d.endpoint_id
        WHERE d.id = ANY($1::uuid[])`,
      [ids, this.config.retryWindowSeconds],
    )) as LoadedDelivery[];
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** One delivery's part of the batch: cancelled (endpoint off), waiting, failed untried (waited past the window), or tried. */
  private async step(delivery: LoadedDelivery, afterPending: boolean): Promise<Step> {
    if (!delivery.enabled) return { delivery, ended: 'cancelled' };
    if (delivery.blocked || afterPending) {
      // still waiting at the window's end: it fails with the earlier one, untried (the endpoint's own tries decide its fate)
      return delivery.expired ? { delivery, ended: 'failed' } : { delivery, waiting: true };
    }
    // past the window this is the last try: record() fails the delivery if it fails too
    const payload: WebhookEventPayload = { id: delivery.event_id, type: delivery.type as WebhookEventPayload['type'], timestamp: delivery.occurred_at.toISOString(), data: delivery.data };
    const tried = await sendSigned({
      url: delivery.url!,
      eventId: delivery.event_id,
      body: JSON.stringify(payload),
      secret: delivery.secret!,
      previousSecret: delivery.previous_secret,
      timeoutSeconds: this.config.timeoutSeconds,
      allowPrivate: this.config.allowPrivate,
    });
    return { delivery, tried };
  }

  /**
   * The batch's tries and their consequences, in one transaction: a log line per try; the deliveries
   * that succeeded, failed past the window, or ended untried; per endpoint, failing_since cleared by a
   * success or set by failures, and an endpoint failing for longer than the window disabled (only one
   * transaction can flip `enabled`, so the admins are emailed once) with its waiting deliveries
   * cancelled. Returns the deliveries still pending (their jobs retry) and the endpoints disabled.
   */
  private async record(manager: EntityManager, steps: Step[]): Promise<{ pending: Set<string>; disabled: Map<string, string> }> {
    const tries = steps.filter((step): step is Extract<Step, { tried: SendOutcome }> => 'tried' in step);
    const pending = new Set(steps.filter((step) => 'waiting' in step).map((step) => step.delivery.id));
    const disabled = new Map<string, string>();
    const endpoints = [...new Set(tries.map((step) => step.delivery.endpoint_id))].sort();
    // the endpoints' rows first, in one order, before any other lock (the attempts' foreign keys, the
    // deliveries a disabling cancels): two batches of one endpoint record one after the other, never deadlock
    if (endpoints.length) await manager.query(`SELECT 1 FROM webhook_endpoints WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`, [endpoints]);
    if (tries.length) {
      await manager.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, endpoint_id, attempt, status_code, duration_ms, response_excerpt, error)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[])`,
        [
          tries.map((step) => step.delivery.id),
          tries.map((step) => step.delivery.endpoint_id),
          tries.map((step) => step.delivery.attempts + 1),
          tries.map((step) => step.tried.statusCode),
          tries.map((step) => step.tried.durationMs),
          tries.map((step) => step.tried.responseExcerpt),
          tries.map((step) => step.tried.error),
        ],
      );
    }
    const succeeded = tries.filter((step) => step.tried.ok).map((step) => step.delivery.id);
    const failed = tries.filter((step) => !step.tried.ok).map((step) => step.delivery.id);
    if (succeeded.length) await manager.query(`UPDATE webhook_deliveries SET attempts = attempts + 1, status = 'succeeded', finished_at = now() WHERE id = ANY($1::uuid[])`, [succeeded]);
    if (failed.length) {
      // a failure past the window ends the delivery; before it, the job's retry tries again. The window
      // runs from the delivery's first try (its row above, or earlier): the endpoint's failing time
      // starts at a failed try too, so the try that ends a delivery of an endpoint failing since that
      // delivery's first try also disables the endpoint. Counted from the delivery's creation, a
      // delivery could end a moment before its endpoint's failing time reached the window, and the
      // endpoint stayed on, failing, until some later event failed too
      const still = (await manager.query(
        `WITH first AS (
           SELECT d.id, COALESCE(min(a.created_at), d.created_at) < now() - make_interval(secs => $2) AS over
             FROM webhook_deliveries d LEFT JOIN webhook_delivery_attempts a ON a.delivery_id = d.id AND a.attempt = 1
            WHERE d.id = ANY($1::uuid[]) GROUP BY d.id)
         UPDATE webhook_deliveries d SET attempts = d.attempts + 1,
                status = CASE WHEN first.over THEN 'failed' ELSE d.status END,
                finished_at = CASE WHEN first.over THEN now() END
           FROM first WHERE d.id = first.id RETURNING d.id, d.status`,
        [failed, this.config.retryWindowSeconds],
      )) as [Array<{ id: string; status: string }>, number];
      for (const row of still[0]) if (row.status === 'pending') pending.add(row.id);
    }
    for (const status of ['cancelled', 'failed'] as const) {
      const ids = steps.filter((step) => 'ended' in step && step.ended === status).map((step) => step.delivery.id);
      if (ids.length) await manager.query(`UPDATE webhook_deliveries SET status = $2, finished_at = now() WHERE id = ANY($1::uuid[]) AND status = 'pending'`, [ids, status]);
    }
    // a success shows the receiver works; failures alone start (or continue) its failing time
    const working = new Set(tries.filter((step) => step.tried.ok).map((step) => step.delivery.endpoint_id));
    const failing = endpoints.filter((id) => !working.has(id));
    if (working.size) await manager.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ANY($1::uuid[]) AND failing_since IS NOT NULL`, [[...working]]);
    if (failing.length) {
      await manager.query(`UPDATE webhook_endpoints SET failing_since = now() WHERE id = ANY($1::uuid[]) AND failing_since IS NULL`, [failing]);
      const [stopped] = (await manager.query(
        `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $3, updated_at = now()
          WHERE id = ANY($1::uuid[]) AND enabled AND failing_since < now() - make_interval(secs => $2) RETURNING id, url`,
        [failing, this.config.retryWindowSeconds, `Disabled after failing for ${windowWords(this.config.retryWindowSeconds)}`],
      )) as [Array<{ id: string; url: string }>, number];
      for (const { id, url } of stopped) disabled.set(id, url);
      if (disabled.size) {
        // the tries of this batch failed them, and the endpoints' other waiting deliveries end now rather than each at its next try
        const ended = steps.filter((step) => disabled.has(step.delivery.endpoint_id)).map((step) => step.delivery.id);
        await manager.query(`UPDATE webhook_deliveries SET status = 'failed', finished_at = now() WHERE id = ANY($1::uuid[]) AND status = 'pending'`, [ended]);
        await manager.query(`UPDATE webhook_deliveries SET status = 'cancelled', finished_at = now() WHERE endpoint_id = ANY($1::uuid[]) AND status = 'pending'`, [[...disabled.keys()]]);
        for (const id of ended) pending.delete(id);
      }
    }
    return { pending, disabled };
  }

  /**
   * The next delivery of each ended one's resource to the same endpoint may be waiting for it, its job
   * backing off (up to WEBHOOK_RETRY_DELAY_MAX_SECONDS apart): it runs at once rather than at its next
   * try. One statement for the batch; best effort: at worst each runs at its next try.
   */
  private async wakeNext(ended: LoadedDelivery[]): Promise<void> {
    if (ended.length === 0) return;
    try {
      const next = (await this.transactions.manager.query(
        `SELECT DISTINCT ON (d.endpoint_id, d.resource) d.id FROM webhook_deliveries d
           JOIN unnest($1::uuid[], $2::text[], $3::bigint[]) AS x(endpoint_id, resource, seq)
             ON d.endpoint_id = x.endpoint_id AND d.resource = x.resource AND d.seq > x.seq
          WHERE d.status = 'pending' ORDER BY d.endpoint_id, d.resource, d.seq`,
        [ended.map((d) => d.endpoint_id), ended.map((d) => d.resource), ended.map((d) => d.seq)],
      )) as Array<{ id: string }>;
      for (const { id } of next) await this.jobs.boss.update(WEBHOOK_DELIVERY_QUEUE, undefined, { id, startAfter: new Date() });
    } catch (error) {
      this.jobs.report('webhook delivery', error as Error);
    }
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
