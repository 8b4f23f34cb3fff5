import { randomUUID } from 'node:crypto';
import { ConflictException, ForbiddenException, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ORDER_STATUS_LABELS, type OrderLineConflict, type OrderStatus } from '@dentalmarket/contracts';
import { Transactions } from '../database/transactions.js';
import { JobQueue } from '../jobs/job-queue.js';
import { OrderEmailQueue } from '../mail/order-email.queue.js';
import { membershipOf, OWNERS_ONLY } from '../practices/practices.service.js';
import type { User } from '../auth/user.entity.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';
import { WebhookRelay } from '../webhooks/webhook-relay.js';
import { mapOrderSummary, type OrderDto, type OrderListResponseDto, type OrderSummaryRow } from './dto/order.dto.js';
import type { OrderPageQueryDto } from './dto/order-requests.dto.js';
import { invoiceAtApproval } from './invoice-terms.js';
import { type CatalogueRow, lineConflict } from './line-check.js';
import { OrderLinesConflict, OrderNotFound } from './order.errors.js';
import { normaliseOrderNumber } from './order-number.js';
import { PLACED_BY, readOrder, SUMMARY_COLUMNS } from './order-reads.js';

export const APPROVAL_EXPIRY_QUEUE = 'order-approval-expiry';
/** Every ten minutes: an order expires at most that long after its time (its days are counted to the second). */
export const APPROVAL_EXPIRY_CRON = '*/10 * * * *';
/** Orders ended per statement, and statements per run: a run ends at most this many, the next run the rest. */
export const EXPIRY_BATCH = 500;
const EXPIRY_BATCHES_PER_RUN = 20;

/** What expiry writes in the order's history (and so its email). */
export const EXPIRED_NOTE = 'No owner approved the order in time';

/**
 * Ends at most $1 of the orders whose approval time has passed, oldest first, in one statement: each
 * becomes `expired` (its expiry cleared, so it leaves the partial indexes), with its history row and
 * that row's email (to the member who submitted it) in the outbox. Rows an owner is approving or
 * declining right now are skipped (SKIP LOCKED) and, if still waiting, taken by the next run.
 */
const EXPIRE_DUE = `
  WITH due AS (
    SELECT id FROM orders WHERE approval_expires_at <= now() ORDER BY approval_expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
  ), ended AS (
    UPDATE orders o SET status = 'expired', approval_expires_at = NULL, updated_at = now()
      FROM due WHERE o.id = due.id AND o.status = 'awaiting_approval' RETURNING o.id
  ), history AS (
    INSERT INTO order_events (id, order_id, from_status, to_status, actor, note)
    SELECT gen_random_uuid(), id, 'awaiting_approval', 'expired', 'system', '${EXPIRED_NOTE}' FROM ended RETURNING id
  ), outbox AS (
    INSERT INTO order_email_outbox (event_id) SELECT id FROM history
  )
  SELECT (SELECT count(*)::int FROM due) AS taken, (SELECT count(*)::int FROM history) AS ended`;


/**
 * Issue 36's approvals: the owners' list of their practice's orders awaiting approval, approving
 * (the order is placed then: its lines rechecked against the catalogue, its confirmation email and
 * `order.placed` webhook written), declining with a reason (the submitter is emailed), and the
 * scheduled expiry. Every change locks the order's row first, so an approval, a decline and the
 * expiry cannot both happen: the second finds the order no longer waiting (409) or skips it.
 */
@Injectable()
export class OrderApprovalsService implements OnApplicationBootstrap {
  constructor(
    private readonly transactions: Transactions,
    private readonly emails: OrderEmailQueue,
    private readonly webhooks: WebhookRelay,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.ensureQueue(APPROVAL_EXPIRY_QUEUE, { retryLimit: 3, retryDelay: 60, expireInSeconds: 300, policy: 'singleton' });
    await this.jobs.boss.schedule(APPROVAL_EXPIRY_QUEUE, APPROVAL_EXPIRY_CRON);
    await this.jobs.boss.work(APPROVAL_EXPIRY_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      await this.expireDue();
    });
  }

  /** GET /api/practice/approvals (owners): the practice's orders awaiting approval, newest first. */
  async list(user: User, query: OrderPageQueryDto): Promise<OrderListResponseDto> {
    const me = membershipOf(user);
    if (me.role !== 'owner') throw new ForbiddenException(OWNERS_ONLY('see the orders awaiting approval'));
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const manager = this.transactions.manager;
    // the partial index IDX_orders_awaiting_practice: only waiting orders have an expiry
    const where = `o.practice_id = $1 AND o.approval_expires_at IS NOT NULL`;
    const [rows, [{ total }]] = await Promise.all([
      manager.query(`SELECT ${SUMMARY_COLUMNS}, ${PLACED_BY} FROM orders o WHERE ${where} ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`, [me.practiceId, limit, (page - 1) * limit]) as Promise<OrderSummaryRow[]>,
      manager.query(`SELECT count(*)::int AS total FROM orders o WHERE ${where}`, [me.practiceId]),
    ]);
    return { orders: rows.map(mapOrderSummary), total, page, limit };
  }

  /**
   * POST /api/orders/:number/approve (owners): the order is placed now. Prices are rechecked at
   * approval, not held: every line must still be orderable at the price it was submitted with
   * (409 with the lines otherwise: the owner declines it and the member submits a new one). On
   * invoice terms the order must fit the remaining credit now (409 naming the limit). Placing
   * sets created_at to now (the supplier's grid and figures count it from today); its history keeps
   * when it was submitted.
   */
  async approve(user: User, number: string): Promise<OrderDto> {
    const normalised = normaliseOrderNumber(number);
    await this.transactions.run(async (manager) => {
      const order = await this.lockWaiting(manager, user, normalised, 'approve');
      const conflicts = await recheckLines(manager, order.id);
      if (conflicts.length) {
        throw new OrderLinesConflict(conflicts, `${conflicts.length} line${conflicts.length === 1 ? '' : 's'} of order ${order.number} changed since it was submitted; decline it, and the order can be submitted again from a fresh cart`);
      }
      const due = await invoiceAtApproval(manager, order.id);
      await manager.query(
        `UPDATE orders SET status = 'placed', approved_by = $2, approved_at = now(), approval_expires_at = NULL, payment_due_at = $3, created_at = now(), updated_at = now() WHERE id = $1`,
        [order.id, user.id, due],
      );
      const eventId = await this.history(manager, order.id, 'placed', null);
      await emitWebhookEvent(manager, { type: 'order.placed', resourceType: 'order', resourceId: order.number, sourceId: eventId });
    });
    this.webhooks.relaySoon();
    return (await readOrder(this.transactions.manager, 'o.number = $1', [normalised], true))!;
  }

  /** POST /api/orders/:number/decline (owners): not placed; the reason is emailed to the member who submitted it. */
  async decline(user: User, number: string, reason: string): Promise<OrderDto> {
    const normalised = normaliseOrderNumber(number);
    await this.transactions.run(async (manager) => {
      const order = await this.lockWaiting(manager, user, normalised, 'decline');
      await manager.query(`UPDATE orders SET status = 'declined', approval_expires_at = NULL, updated_at = now() WHERE id = $1`, [order.id]);
      await this.history(manager, order.id, 'declined', reason);
    });
    return (await readOrder(this.transactions.manager, 'o.number = $1', [normalised], true))!;
  }

  /** The scheduled job: ends the orders whose approval time passed, in bounded batches. Returns how many it ended. */
  async expireDue(batch = EXPIRY_BATCH): Promise<number> {
    let ended = 0;
    for (let run = 0; run < EXPIRY_BATCHES_PER_RUN; run++) {
      const [result] = (await this.transactions.manager.query(EXPIRE_DUE, [batch])) as Array<{ taken: number; ended: number }>;
      ended += result!.ended;
      if (result!.taken < batch) break;
    }
    if (ended) this.emails.relaySoon();
    return ended;
  }

  /**
   * The order of the member's practice, locked: another practice's, or none, answers 404 (whatever
   * the role); a member who is not an owner 403; an order that no longer waits 409.
   */
  private async lockWaiting(manager: EntityManager, user: User, number: string, what: 'approve' | 'decline'): Promise<{ id: string; number: string }> {
    const me = membershipOf(user);
    const [order] = (await manager.query(`SELECT id, number, status FROM orders WHERE number = $1 AND practice_id = $2 FOR UPDATE`, [number, me.practiceId])) as Array<{
      id: string;
      number: string;
      status: OrderStatus;
    }>;
    if (!order) throw new OrderNotFound();
    if (me.role !== 'owner') throw new ForbiddenException(OWNERS_ONLY(`${what} orders`));
    if (order.status !== 'awaiting_approval') {
      throw new ConflictException(`Order ${order.number} is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}: only an order awaiting approval can be ${what}d`);
    }
    return order;
  }

  /** The change's history row, and its email queued in the same transaction. */
  private async history(manager: EntityManager, orderId: string, to: OrderStatus, note: string | null): Promise<string> {
    const eventId = randomUUID();
    await manager.query(`INSERT INTO order_events (id, order_id, from_status, to_status, actor, note) VALUES ($1, $2, 'awaiting_approval', $3, 'customer', $4)`, [eventId, orderId, to, note]);
    await this.emails.enqueue(manager, eventId);
    return eventId;
  }
}

/** The order's lines against the catalogue now, its products share-locked in id order as a checkout locks them. */
async function recheckLines(manager: EntityManager, orderId: string): Promise<OrderLineConflict[]> {
  const lines = (await manager.query(`SELECT product_id, unit_price_cents FROM order_lines WHERE order_id = $1 ORDER BY position`, [orderId])) as Array<{ product_id: number; unit_price_cents: string }>;
  const products = (await manager.query(`SELECT id, name, price::text AS price, product_type, in_stock FROM products WHERE id = ANY($1) ORDER BY id FOR SHARE`, [
    lines.map((line) => line.product_id),
  ])) as CatalogueRow[];
  const byId = new Map(products.map((product) => [product.id, product]));
  return lines.map((line) => lineConflict(line.product_id, byId.get(line.product_id), Number(line.unit_price_cents))).filter((conflict) => conflict !== null);
}
