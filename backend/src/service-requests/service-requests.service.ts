import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { addDays, isCalendarDay, SERVICE_REQUEST_LIMITS, SERVICE_REQUEST_STATUS_LABELS, SERVICE_REQUEST_TRANSITIONS, toCents, type ServiceRequestStatus, utcDay } from '@dentalmarket/contracts';
import type { User } from '../auth/user.entity.js';
import { Transactions } from '../database/transactions.js';
import { newPublicNumber } from '../orders/order-number.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';
import { ownRecords, recordsOwner } from '../orders/order-reads.js';
import { ServiceRequestEmails } from './service-request-emails.js';
import { mapSummary, readServiceRequest, SUMMARY_COLUMNS, type SummaryRow } from './service-request-reads.js';
import type {
  AdminServiceRequestListQueryDto,
  ServiceRequestCreateDto,
  ServiceRequestDto,
  ServiceRequestListResponseDto,
  ServiceRequestPageQueryDto,
  ServiceRequestStatusChangeDto,
} from './service-requests.dto.js';

const PAGE_DEFAULT = 20;
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A preferred date must be a real day, today (UTC) or later, within SERVICE_REQUEST_LIMITS.preferredDateMaxDays. */
function checkPreferredDate(text: string | null | undefined, now = new Date()): string | null {
  if (!text) return null;
  if (!isCalendarDay(text)) throw new BadRequestException(['preferred_date: a date such as 2026-12-15']);
  const today = utcDay(now);
  if (text < today) throw new BadRequestException(['preferred_date: the date must be today or later']);
  if (text > addDays(today, SERVICE_REQUEST_LIMITS.preferredDateMaxDays)) throw new BadRequestException(['preferred_date: the date must be within a year']);
  return text;
}

/**
 * Service requests: made by shoppers (guests too) on service products, answered by the supplier
 * along SERVICE_REQUEST_TRANSITIONS. Every step is an event written with its emails' jobs and its
 * webhook event in one transaction (the requester hears of each step; the supplier of a new request;
 * the webhook relay renders the request as of that step).
 */
@Injectable()
export class ServiceRequestsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly emails: ServiceRequestEmails,
  ) {}

  async create(input: ServiceRequestCreateDto, user: User | undefined): Promise<ServiceRequestDto> {
    const preferredDate = checkPreferredDate(input.preferred_date);
    const number = await this.transactions.run(async (manager) => {
      const [product] = (await manager.query(`SELECT id, name, product_type FROM products WHERE id = $1`, [input.product_id])) as Array<{ id: number; name: string; product_type: string }>;
      if (!product) throw new NotFoundException(`Product ${input.product_id} not found`);
      if (product.product_type !== 'service') throw new ConflictException(`${product.name} is not a service: only services can be requested`);
      // a number drawn twice (1 in 10^9) fails the unique index; the next one is new
      for (let attempt = 1; ; attempt += 1) {
        const candidate = newPublicNumber('SR');
        const [row] = (await manager.query(
          `INSERT INTO service_requests (number, product_id, product_name, user_id, practice_name, contact_name, email, phone, preferred_date, message)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (number) DO NOTHING RETURNING id`,
          [candidate, product.id, product.name, user?.id ?? null, input.practice_name, input.contact_name, input.email, input.phone, preferredDate, input.message ?? null],
        )) as Array<{ id: string }>;
        if (!row) {
          if (attempt >= 5) throw new Error('could not draw a free service request number');
          continue;
        }
        const eventId = randomUUID();
        await manager.query(`INSERT INTO service_request_events (id, request_id, from_status, to_status, actor) VALUES ($1, $2, NULL, 'new', $3)`, [eventId, row.id, user ? 'customer' : 'guest']);
        await this.emails.enqueue(manager, eventId, ['requester', 'supplier']);
        await emitWebhookEvent(manager, { type: 'service_request.created', resourceType: 'service_request', resourceId: candidate, sourceId: eventId });
        return candidate;
      }
    });
    return strip((await readServiceRequest(this.transactions.manager, 'r.number = $1', [number]))!);
  }

  async listMine(user: User, query: ServiceRequestPageQueryDto): Promise<ServiceRequestListResponseDto> {
    const limit = query.limit ?? PAGE_DEFAULT;
    const page = query.page ?? 1;
    const manager = this.transactions.manager;
    const [rows, [{ total }]] = await Promise.all([
      // issue 36: the practice's requests, every member's
      manager.query(`SELECT ${SUMMARY_COLUMNS} FROM service_requests r WHERE ${ownRecords('r', 1, user)} ORDER BY r.created_at DESC LIMIT $2 OFFSET $3`, [
        recordsOwner(user),
        limit,
        (page - 1) * limit,
      ]) as Promise<SummaryRow[]>,
      manager.query(`SELECT count(*)::int AS total FROM service_requests r WHERE ${ownRecords('r', 1, user)}`, [recordsOwner(user)]),
    ]);
    return { requests: rows.map(mapSummary), total, page, limit };
  }

  async getMine(user: User, number: string): Promise<ServiceRequestDto> {
    const request = await readServiceRequest(this.transactions.manager, `r.number = $1 AND ${ownRecords('r', 2, user)}`, [number, recordsOwner(user)]);
    if (!request) throw new NotFoundException('Service request not found');
    return strip(request);
  }

  async list(query: AdminServiceRequestListQueryDto): Promise<ServiceRequestListResponseDto> {
    const limit = query.limit ?? PAGE_DEFAULT;
    const page = query.page ?? 1;
    const conditions: string[] = [];
    const values: unknown[] = [];
    const q = query.q?.toLowerCase();
    if (q) {
      if (/^sr-[0-9a-z]{6}$/.test(q)) {
        values.push(q.toUpperCase());
        conditions.push(`r.number = $${values.length}`);
      } else {
        values.push(likePrefix(q));
        const n = values.length;
        conditions.push(`(lower(r.email) LIKE $${n} OR lower(r.practice_name) LIKE $${n} OR lower(r.contact_name) LIKE $${n})`);
      }
    }
    if (query.status) {
      values.push(query.status);
      conditions.push(`r.status = $${values.length}`);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const order = query.sort === 'preferred_date' ? `r.preferred_date ${direction} NULLS LAST, r.id ${direction}` : `r.created_at ${direction}, r.id ${direction}`;
    const manager = this.transactions.manager;
    const [rows, [{ total }]] = await Promise.all([
      manager.query(`SELECT ${SUMMARY_COLUMNS} FROM service_requests r ${where} ORDER BY ${order} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`, [...values, limit, (page - 1) * limit]) as Promise<SummaryRow[]>,
      manager.query(`SELECT count(*)::int AS total FROM service_requests r ${where}`, values),
    ]);
    return { requests: rows.map(mapSummary), total, page, limit };
  }

  async get(number: string): Promise<ServiceRequestDto> {
    const request = await readServiceRequest(this.transactions.manager, 'r.number = $1', [number]);
    if (!request) throw new NotFoundException('Service request not found');
    return strip(request);
  }

  /** One step of SERVICE_REQUEST_TRANSITIONS (409 naming the allowed ones otherwise), with its event and the requester's email. */
  async changeStatus(number: string, change: ServiceRequestStatusChangeDto, actor: string): Promise<ServiceRequestDto> {
    if (change.status !== 'quoted' && change.amount !== undefined) throw new BadRequestException(['amount: only a quote has an amount']);
    await this.transactions.run(async (manager) => {
      const [row] = (await manager.query(`SELECT id, number, status FROM service_requests WHERE number = $1 FOR UPDATE`, [number])) as Array<{ id: string; number: string; status: ServiceRequestStatus }>;
      if (!row) throw new NotFoundException('Service request not found');
      const allowed = SERVICE_REQUEST_TRANSITIONS[row.status];
      if (!allowed.includes(change.status)) {
        const next = allowed.length ? `it can move to ${allowed.map((s) => SERVICE_REQUEST_STATUS_LABELS[s]).join(' or ')}` : 'it is closed';
        throw new ConflictException(`A ${SERVICE_REQUEST_STATUS_LABELS[row.status].toLowerCase()} request cannot become ${SERVICE_REQUEST_STATUS_LABELS[change.status].toLowerCase()}: ${next}`);
      }
      const note = change.note || null;
      if (change.status === 'quoted') {
        await manager.query(`UPDATE service_requests SET status = 'quoted', quote_amount_cents = $2, quote_note = $3, updated_at = now() WHERE id = $1`, [row.id, toCents(change.amount!), note]);
      } else {
        await manager.query(`UPDATE service_requests SET status = $2, updated_at = now() WHERE id = $1`, [row.id, change.status]);
      }
      const eventId = randomUUID();
      await manager.query(`INSERT INTO service_request_events (id, request_id, from_status, to_status, actor, note) VALUES ($1, $2, $3, $4, $5, $6)`, [eventId, row.id, row.status, change.status, actor, note]);
      await this.emails.enqueue(manager, eventId, ['requester']);
      await emitWebhookEvent(manager, { type: 'service_request.status_changed', resourceType: 'service_request', resourceId: row.number, sourceId: eventId });
    });
    return this.get(number);
  }
}

/** The row id stays inside the API. */
function strip<T extends { id: string }>(request: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = request;
  return rest;
}
