import { randomBytes, randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from '@dentalmarket/contracts/webhooks';
import { APP_CONFIG, type AppConfig, type WebhookConfig } from '../config/app-config.js';
import { Transactions } from '../database/transactions.js';
import { JobQueue } from '../jobs/job-queue.js';
import type { WebhookDeliveryAttemptDto, WebhookDeliveryAttemptPageDto, WebhookEndpointDto, WebhookEndpointWithSecretDto, WebhookQueuedDto } from './dto/webhook.dto.js';
import type { CreateWebhookEndpointDto, UpdateWebhookEndpointDto, WebhookDeliveryPageQueryDto } from './dto/webhook-requests.dto.js';
import { endpointUrlProblem } from './ssrf-guard.js';
import { createDeliveries } from './webhook-queue.js';

// a grace that ended is no grace: the answer says null, as for an endpoint never rotated
const ENDPOINT_COLUMNS = `id, url, description, events, enabled, disabled_reason, failing_since, created_by, created_at, updated_at,
  CASE WHEN previous_secret_expires_at > now() THEN previous_secret_expires_at END AS previous_secret_expires_at`;

interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: WebhookEndpointDto['events'];
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: Date | null;
  previous_secret_expires_at: Date | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const mapEndpoint = (row: EndpointRow): WebhookEndpointDto => ({
  ...row,
  failing_since: iso(row.failing_since),
  previous_secret_expires_at: iso(row.previous_secret_expires_at),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Standard Webhooks' secret: `whsec_` and the base64 of 32 random bytes (what its libraries take as is). */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

class WebhookEndpointNotFound extends NotFoundException {
  constructor() {
    super('Webhook endpoint not found');
  }
}

/**
 * The admin's webhook endpoints (issue 35): register, change, delete, rotate the secret, read the
 * delivery log, resend a delivery and send a test event. The secret is stored (every delivery is
 * signed with it) and shown only in the answers that make it. Delivering is webhook-worker.ts's.
 */
@Injectable()
export class WebhookEndpointsService {
  private readonly config: WebhookConfig;

  constructor(
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.config = config.webhooks;
  }

  async list(): Promise<WebhookEndpointDto[]> {
    const rows = (await this.transactions.manager.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints ORDER BY created_at DESC, id LIMIT $1`, [WEBHOOK_LIMITS.endpointsMax])) as EndpointRow[];
    return rows.map(mapEndpoint);
  }

  get(id: string): Promise<WebhookEndpointDto> {
    return this.read(this.transactions.manager, id);
  }

  /** 400 naming the URL's problem (scheme, private address) before anything is written. */
  private async checkUrl(url: string): Promise<void> {
    const problem = await endpointUrlProblem(url, this.config.allowPrivate);
    if (problem) throw new BadRequestException([problem]);
  }

  /** Creations are serialised by a transaction lock, so two at once cannot both take the last place under endpointsMax. */
  async create(input: CreateWebhookEndpointDto, actor: string): Promise<WebhookEndpointWithSecretDto> {
    await this.checkUrl(input.url);
    const secret = newSecret();
    const endpoint = await this.transactions.run(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('webhook-endpoints-create'))`);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM webhook_endpoints`)) as [{ n: number }];
      if (n >= WEBHOOK_LIMITS.endpointsMax) throw new ConflictException(`This shop already has ${WEBHOOK_LIMITS.endpointsMax} webhook endpoints: delete one before adding another`);
      const id = randomUUID();
      await manager.query(`INSERT INTO webhook_endpoints (id, url, description, events, enabled, secret, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        id,
        input.url,
        input.description?.trim() ?? '',
        input.events,
        input.enabled ?? true,
        secret,
        actor,
      ]);
      return this.read(manager, id);
    });
    return { endpoint, secret };
  }

  /** The fields sent change; enabling also forgets why it was disabled and since when it failed. */
  async update(id: string, input: UpdateWebhookEndpointDto): Promise<WebhookEndpointDto> {
    if (input.url !== undefined) await this.checkUrl(input.url);
    return this.transactions.run(async (manager) => {
      const [, count] = (await manager.query(
        `UPDATE webhook_endpoints SET url = coalesce($2, url), description = coalesce($3, description), events = coalesce($4, events), enabled = coalesce($5, enabled),
                disabled_reason = CASE WHEN $5 THEN NULL ELSE disabled_reason END, failing_since = CASE WHEN $5 THEN NULL ELSE failing_since END, updated_at = now()
          WHERE id = $1`,
        [id, input.url ?? null, input.description?.trim() ?? null, input.events ?? null, input.enabled ?? null],
      )) as [unknown, number];
      if (count === 0) throw new WebhookEndpointNotFound();
      return this.read(manager, id);
    });
  }

  /** Its deliveries and log go with it; their queued jobs find nothing and end. */
  async remove(id: string): Promise<void> {
    const [, count] = (await this.transactions.manager.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [id])) as [unknown, number];
    if (count === 0) throw new WebhookEndpointNotFound();
  }

  /**
   * A new secret; the one it replaces keeps signing beside it for `graceHours` (0: not at all), so a
   * receiver can move to the new one without refusing a delivery. Rotated again within that grace,
   * the older secret stops at once (one previous secret at most).
   */
  async rotate(id: string, graceHours: number): Promise<WebhookEndpointWithSecretDto> {
    const secret = newSecret();
    const endpoint = await this.transactions.run(async (manager) => {
      // on the right of SET, secret is the row's value before this statement: the old secret
      const [, count] = (await manager.query(
        `UPDATE webhook_endpoints SET secret = $2,
                previous_secret = CASE WHEN $3::int > 0 THEN secret END,
                previous_secret_expires_at = CASE WHEN $3::int > 0 THEN now() + make_interval(hours => $3::int) END,
                updated_at = now()
          WHERE id = $1`,
        [id, secret, graceHours],
      )) as [unknown, number];
      if (count === 0) throw new WebhookEndpointNotFound();
      return this.read(manager, id);
    });
    return { endpoint, secret };
  }

  /** The endpoint's delivery log, newest first, keyset-paged by the attempts' ids. */
  async deliveries(id: string, query: WebhookDeliveryPageQueryDto): Promise<WebhookDeliveryAttemptPageDto> {
    const manager = this.transactions.manager;
    await this.read(manager, id);
    const limit = query.limit ?? 25;
    const rows = (await manager.query(
      `SELECT a.id::text AS id, a.delivery_id, e.id AS event_id, e.type AS event_type, a.attempt, a.status_code, a.duration_ms, a.response_excerpt, a.error,
              d.status AS delivery_status, a.created_at
         FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id JOIN webhook_events e ON e.id = d.event_id
        WHERE a.endpoint_id = $1 AND ($2::bigint IS NULL OR a.id < $2::bigint)
        ORDER BY a.id DESC LIMIT $3`,
      [id, query.cursor ?? null, limit + 1],
    )) as Array<Omit<WebhookDeliveryAttemptDto, 'created_at'> & { created_at: Date }>;
    const page = rows.slice(0, limit).map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    return { attempts: page, next_cursor: rows.length > limit ? page.at(-1)!.id : null };
  }

  /** A new delivery of a delivery's event to the same endpoint: the same `webhook-id`, so a receiver that had it can tell. */
  async resend(id: string, deliveryId: string): Promise<WebhookQueuedDto> {
    return this.transactions.run(async (manager) => {
      await this.enabledEndpoint(manager, id);
      const [event] = (await manager.query(
        `SELECT e.id, e.resource_type, e.resource_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id WHERE d.id = $1 AND d.endpoint_id = $2`,
        [deliveryId, id],
      )) as Array<{ id: string; resource_type: string; resource_id: string }>;
      if (!event) throw new NotFoundException('Delivery not found for this webhook endpoint');
      const [delivery] = await createDeliveries(manager, this.jobs.boss, this.config, [{ eventId: event.id, endpointId: id, resource: `${event.resource_type}:${event.resource_id}` }]);
      return { delivery_id: delivery!, event_id: event.id };
    });
  }

  /** A `webhook.test` event to this endpoint only, whatever it subscribes to. */
  async sendTest(id: string): Promise<WebhookQueuedDto> {
    return this.transactions.run(async (manager) => {
      await this.enabledEndpoint(manager, id);
      const eventId = randomUUID();
      await manager.query(
        `INSERT INTO webhook_events (id, type, resource_type, resource_id, data, fanned_out) VALUES ($1, $2, 'webhook_endpoint', $3, $4, true)`,
        [eventId, WEBHOOK_TEST_EVENT, id, JSON.stringify({ endpoint_id: id, message: 'This is a test event from DentalMarket.' })],
      );
      const [delivery] = await createDeliveries(manager, this.jobs.boss, this.config, [{ eventId, endpointId: id, resource: `webhook_endpoint:${id}` }]);
      return { delivery_id: delivery!, event_id: eventId };
    });
  }

  /** 404 for an unknown endpoint, 409 for a disabled one (its deliveries would only be cancelled). */
  private async enabledEndpoint(manager: EntityManager, id: string): Promise<void> {
    const endpoint = await this.read(manager, id);
    if (!endpoint.enabled) throw new ConflictException('This webhook endpoint is disabled: enable it first');
  }

  private async read(manager: EntityManager, id: string): Promise<WebhookEndpointDto> {
    const [row] = (await manager.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1`, [id])) as EndpointRow[];
    if (!row) throw new WebhookEndpointNotFound();
    return mapEndpoint(row);
  }
}
