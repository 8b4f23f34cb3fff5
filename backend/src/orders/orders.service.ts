import { createHash, randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { centsToDecimal, type OrderStatus, orderTotals, taxChangedMessage, toCents } from '@dentalmarket/contracts';
import { ASSISTANT_CANNOT_ORDER, PO_NUMBER_RULES } from '@dentalmarket/contracts/practices';
import { lockInvoicePractice, overCredit } from './invoice-terms.js';
import { LoginThrottle } from '../auth/login-throttle.service.js';
import type { User } from '../auth/user.entity.js';
import { Transactions } from '../database/transactions.js';
import { OrderEmailQueue } from '../mail/order-email.queue.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';
import { WebhookRelay } from '../webhooks/webhook-relay.js';
import type { CreateOrderDto } from './dto/create-order.dto.js';
import { mapOrder, mapOrderSummary, type OrderDto, type OrderListResponseDto, type OrderRow, type OrderSummaryRow } from './dto/order.dto.js';
import type { OrderLookupDto, OrderPageQueryDto } from './dto/order-requests.dto.js';
import { IdempotencyKeyReused, OrderLinesConflict, OrderNotFound } from './order.errors.js';
import { newOrderNumber, normaliseOrderNumber } from './order-number.js';
import { ORDER_COLUMNS, ownRecords, PLACED_BY, readOrder, recordsOwner, SUMMARY_COLUMNS } from './order-reads.js';
import { type CatalogueRow, lineConflict } from './line-check.js';
import { approvalExpiry, checkoutGate, PLACE_AS_SENT } from './place-order-sql.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


/** A line as PLACE_AS_SENT returns it (json: the cents arrive as a number). */
interface PlacedLine {
  product_id: number;
  name: string;
  manufacturer: string;
  unit_price_cents: number;
  image_url: string | null;
  quantity: number;
}

/** checkoutGate's row (place-order-sql.ts). */
interface GateRow {
  po_missing: boolean;
  refused: boolean;
  status: OrderStatus;
  days: number;
  needs_lock: boolean;
  over_credit: boolean;
  payment_due_at: Date | null;
  credit_cents: string | null;
  open_cents: string | null;
  /** issue 36: a tax-exemption certificate valid today; the order's total then (without tax), and the certificate copied onto it */
  exempt: boolean;
  tax_exempt_certificate: string | null;
  tax_exempt_until: string | null;
  total_cents: string;
}

/** 409 when the checkout sent the tax it showed and the order's is another (the practice's exemption changed meanwhile). */
function refuseChangedTax(expected: string | undefined, actualCents: number): void {
  if (expected !== undefined && toCents(expected) !== actualCents) throw new ConflictException(taxChangedMessage(centsToDecimal(toCents(expected)), centsToDecimal(actualCents)));
}

/**
 * The practice's rules refuse the checkout: an assistant while approvals are off (403), a PO number
 * it requires (400), an order over the remaining credit of its invoice terms (409 naming the limit).
 */
function refuseByGate(gate: Pick<GateRow, 'refused' | 'po_missing' | 'over_credit' | 'credit_cents' | 'open_cents'>, totalCents: number): void {
  if (gate.refused) throw new ForbiddenException(ASSISTANT_CANNOT_ORDER);
  if (gate.po_missing) throw new BadRequestException(PO_NUMBER_RULES.requiredMessage);
  if (gate.over_credit) throw overCredit(totalCents, Number(gate.credit_cents), Number(gate.open_cents));
}

/** Thrown inside the order transaction when a concurrent request with the same key committed first. */
class KeyTakenMeanwhile extends Error {}

/**
 * Checkout and the shopper's reads. An order is priced by the server from the catalogue, the rows
 * of its products share-locked until it commits (an admin's price change waits for it, or it sees
 * the new price), and placed together with its first event and that event's queued email.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly emails: OrderEmailQueue,
    private readonly webhooks: WebhookRelay,
    private readonly throttle: LoginThrottle,
    private readonly dataSource: DataSource,
  ) {}

  /** POST /api/orders: the order, and whether it was made now (201) or by an earlier try with the key (200). */
  async place(body: CreateOrderDto, user: User | undefined, idempotencyKey: string | undefined): Promise<{ order: OrderDto; created: boolean }> {
    if (idempotencyKey !== undefined && !UUID.test(idempotencyKey)) throw new BadRequestException('Idempotency-Key must be a UUID, e.g. 3f0c6a52-2b9e-4d8e-9a51-6f1f3b7f2a10');
    const ids = body.lines.map((line) => line.product_id);
    const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
    if (repeated !== undefined) throw new BadRequestException(`lines must not repeat a product (product_id ${repeated} appears twice)`);
    const key = idempotencyKey?.toLowerCase();
    const hash = requestHash(body, user);
    for (let attempt = 1; ; attempt++) {
      try {
        let placed = await this.placeAsSent(body, user, key, hash);
        // invoice terms: again with the practice's row locked, so the credit check sees every order committed before it
        if (placed === 'needs-lock') placed = await this.transactions.run(async (manager) => {
          await lockInvoicePractice(manager, user!.id);
          return this.placeAsSent(body, user, key, hash, manager);
        });
        if (placed === 'needs-lock') throw new Error('the invoice practice was locked, yet the checkout asked for the lock');
        if (placed === 'key-used') return { order: (await this.byKey(key!, hash))!, created: false };
        if (placed !== 'not-as-sent') return { order: placed, created: true };
        // a line cannot be ordered as sent, or this key made an order before (a retry after a price change):
        // the earlier order, or the step-by-step path that names each line's problem (409)
        if (key) {
          const earlier = await this.byKey(key, hash);
          if (earlier) return { order: earlier, created: false };
        }
        return { order: await this.transactions.run((manager) => this.insert(manager, body, user, key, hash)), created: true };
      } catch (error) {
        if (error instanceof KeyTakenMeanwhile) return { order: (await this.byKey(key!, hash))!, created: false };
        // a new random number that another order already has: try again with another (30 bits, so rare)
        const pg = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
        const cause = pg.driverError ?? pg;
        if (cause.code === '23505' && cause.constraint === 'UQ_orders_number' && attempt < 5) continue;
        throw error;
      }
    }
  }

  /**
   * The common case, a cart ordered exactly as the shopper saw it: one statement (PLACE_AS_SENT)
   * writes the order, its lines, its first event and that event's email in the outbox, one round
   * trip where the step-by-step path takes eight. 'not-as-sent' when some line is not orderable at
   * the price sent, 'key-used' when the Idempotency-Key has an order already (nothing written).
   */
  private async placeAsSent(body: CreateOrderDto, user: User | undefined, key: string | undefined, hash: string, locked?: EntityManager): Promise<OrderDto | 'not-as-sent' | 'key-used' | 'needs-lock'> {
    const subtotal = body.lines.reduce((sum, line) => sum + toCents(line.unit_price) * line.quantity, 0);
    const totals = orderTotals(subtotal);
    const s = body.shipping;
    const eventId = randomUUID();
    const actor = user ? 'customer' : 'guest';
    // one round trip on the pool, as a named statement: parsed and planned once per connection
    const pool = (this.dataSource.driver as unknown as { master: pg.Pool }).master;
    const values = [
      body.lines.map((line) => line.product_id),
      body.lines.map((line) => line.quantity),
      body.lines.map((line) => toCents(line.unit_price)),
      newOrderNumber(),
      user?.id ?? null,
      s.email.trim(),
      s.fullName.trim(),
      s.address.trim(),
      s.city.trim(),
      s.state.trim(),
      s.zipCode.trim(),
      totals.subtotal,
      totals.shipping,
      totals.tax,
      totals.total,
      key ?? null,
      hash,
      eventId,
      actor,
      body.po_number ?? null,
      locked !== undefined,
      body.expected_tax === undefined ? null : toCents(body.expected_tax),
    ];
    type Row = OrderRow & GateRow & { as_sent: boolean; tax_changed: boolean; gate_tax_cents: string; gate_total_cents: string; lines: PlacedLine[] | null };
    const [row] = locked
      ? ((await locked.query(PLACE_AS_SENT, values)) as Row[])
      : (await pool.query<Row>({ name: 'place-order-as-sent', text: PLACE_AS_SENT, values })).rows;
    // over the credit on a retry of an order made with this key (which the balance now holds): the earlier order answers
    // (or the tax changed since the checkout showed it): the earlier order answers, or the step-by-step path refuses
    if ((row!.over_credit || row!.tax_changed) && key) return 'not-as-sent';
    refuseByGate(row!, Number(row!.gate_total_cents));
    refuseChangedTax(body.expected_tax, Number(row!.gate_tax_cents));
    if (row!.needs_lock) return 'needs-lock';
    if (!row!.as_sent) return 'not-as-sent';
    if (row!.id === null) return 'key-used';
    this.emails.relaySoon();
    if (row!.status === 'placed') this.webhooks.relaySoon();
    const lines = row!.lines!.map((line) => ({ ...line, unit_price_cents: String(line.unit_price_cents) }));
    return mapOrder(row!, lines, [{ from_status: null, to_status: row!.status, actor, note: null, created_at: row!.created_at }]);
  }

  private async byKey(key: string, hash: string): Promise<OrderDto | null> {
    const [row] = await this.transactions.manager.query(`SELECT number, request_hash FROM orders WHERE idempotency_key = $1`, [key]);
    if (!row) return null;
    if (row.request_hash !== hash) throw new IdempotencyKeyReused();
    return readOrder(this.transactions.manager, 'o.number = $1', [row.number]);
  }

  /** The order as placed, answered from what was written (no second read of it). */
  private async insert(manager: EntityManager, body: CreateOrderDto, user: User | undefined, key: string | undefined, hash: string): Promise<OrderDto> {
    const sent = orderTotals(body.lines.reduce((sum, line) => sum + toCents(line.unit_price) * line.quantity, 0));
    if (user) await lockInvoicePractice(manager, user.id);
    const [gate] = (await manager.query(checkoutGate('$1', '$2', '$3', '$4', 'true'), [user?.id ?? null, body.po_number ?? null, sent.total, sent.tax])) as GateRow[];
    refuseByGate(gate!, Number(gate!.total_cents));
    refuseChangedTax(body.expected_tax, gate!.exempt ? 0 : sent.tax);
    // in id order, so two carts with the same products lock them in the same order
    const products: Array<CatalogueRow & { manufacturer: string; image_url: string | null }> = await manager.query(
      `SELECT id, name, manufacturer, price::text AS price, image_url, product_type, in_stock FROM products WHERE id = ANY($1) ORDER BY id FOR SHARE`,
      [body.lines.map((line) => line.product_id)],
    );
    const byId = new Map(products.map((product) => [product.id, product]));
    const conflicts = body.lines.map((line) => lineConflict(line.product_id, byId.get(line.product_id), toCents(line.unit_price))).filter((conflict) => conflict !== null);
    if (conflicts.length) throw new OrderLinesConflict(conflicts);

    const subtotal = body.lines.reduce((sum, line) => sum + toCents(byId.get(line.product_id)!.price) * line.quantity, 0);
    const totals = orderTotals(subtotal, gate!.exempt);
    const s = body.shipping;
    const number = newOrderNumber();
    // the prices are the catalogue's and equal the ones sent (no conflict above): the gate's total is this order's
    const inserted = await manager.query(
      `INSERT INTO orders (number, user_id, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents, tax_cents, total_cents, idempotency_key, request_hash,
                           po_number, status, approval_expires_at, payment_due_at, tax_exempt_certificate, tax_exempt_until)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, ${approvalExpiry('$16::order_status', '$17::int')}, $18, $19, $20::date)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING ${ORDER_COLUMNS}`,
      [number, user?.id ?? null, s.email.trim(), s.fullName.trim(), s.address.trim(), s.city.trim(), s.state.trim(), s.zipCode.trim(), totals.subtotal, totals.shipping, totals.tax, totals.total, key ?? null, hash,
        body.po_number ?? null, gate!.status, gate!.days, gate!.payment_due_at, gate!.tax_exempt_certificate, gate!.tax_exempt_until],
    );
    if (inserted.length === 0) throw new KeyTakenMeanwhile();
    const order: OrderRow = inserted[0];
    const orderId = order.id;
    await manager.query(
      `INSERT INTO order_lines (order_id, position, product_id, name, manufacturer, unit_price_cents, image_url, quantity)
       SELECT $1, l.position, p.id, p.name, p.manufacturer, round(p.price * 100)::bigint, p.image_url, l.quantity
         FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS l(product_id, quantity, position)
         JOIN products p ON p.id = l.product_id`,
      [orderId, body.lines.map((line) => line.product_id), body.lines.map((line) => line.quantity)],
    );
    const eventId = randomUUID();
    const actor = user ? 'customer' : 'guest';
    await manager.query(`INSERT INTO order_events (id, order_id, from_status, to_status, actor, created_at) VALUES ($1, $2, NULL, $3, $4, $5)`, [eventId, orderId, order.status, actor, order.created_at]);
    await this.emails.enqueue(manager, eventId);
    if (order.status === 'placed') await emitWebhookEvent(manager, { type: 'order.placed', resourceType: 'order', resourceId: order.number, sourceId: eventId });
    const lines = body.lines.map((line) => {
      const product = byId.get(line.product_id)!;
      return { product_id: product.id, name: product.name, manufacturer: product.manufacturer, unit_price_cents: String(toCents(product.price)), image_url: product.image_url, quantity: line.quantity };
    });
    return mapOrder(order, lines, [{ from_status: null, to_status: order.status, actor, note: null, created_at: order.created_at }]);
  }

  /** GET /api/orders: the signed-in shopper's practice's orders (issue 36: every member's), newest first, each with who placed it. */
  async listMine(user: User, query: OrderPageQueryDto): Promise<OrderListResponseDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 20;
    const manager = this.transactions.manager;
    const [rows, [{ total }]] = await Promise.all([
      manager.query(`SELECT ${SUMMARY_COLUMNS}, ${PLACED_BY} FROM orders o WHERE ${ownRecords('o', 1, user)} ORDER BY o.created_at DESC, o.id DESC LIMIT $2 OFFSET $3`, [
        recordsOwner(user),
        limit,
        (page - 1) * limit,
      ]) as Promise<OrderSummaryRow[]>,
      manager.query(`SELECT count(*)::int AS total FROM orders o WHERE ${ownRecords('o', 1, user)}`, [recordsOwner(user)]),
    ]);
    return { orders: rows.map(mapOrderSummary), total, page, limit };
  }

  /** GET /api/orders/:number: an order of the shopper's practice; anyone else's is "not found", never "forbidden". */
  async getMine(user: User, number: string): Promise<OrderDto> {
    const order = await readOrder(this.transactions.manager, `o.number = $1 AND ${ownRecords('o', 2, user)}`, [normaliseOrderNumber(number), recordsOwner(user)], true);
    if (!order) throw new OrderNotFound();
    return order;
  }

  /**
   * POST /api/orders/lookup: a guest's order by number and email (compared without regard to case).
   * Each look-up is counted before it is made, as a login attempt is, per network and per (network,
   * number), so numbers cannot be tried at speed.
   */
  async lookup(body: OrderLookupDto, address: string): Promise<OrderDto> {
    const ticket = await this.throttle.reserveLookup(address, body.number);
    const order = await readOrder(this.transactions.manager, 'o.number = $1 AND lower(o.email) = lower($2)', [body.number, body.email]);
    if (!order) throw new OrderNotFound();
    await this.throttle.succeeded(ticket);
    return order;
  }
}

/** What makes two requests "the same order": the lines, the shipping fields and who sends them. */
function requestHash(body: CreateOrderDto, user: User | undefined): string {
  const canonical = {
    user: user?.id ?? null,
    lines: body.lines.map((line) => [line.product_id, line.quantity, centsToDecimal(toCents(line.unit_price))]),
    shipping: [body.shipping.fullName, body.shipping.email, body.shipping.address, body.shipping.city, body.shipping.state, body.shipping.zipCode],
    // issue 36; absent when none, so a request without it hashes as it did before
    ...(body.po_number ? { po: body.po_number } : {}),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
