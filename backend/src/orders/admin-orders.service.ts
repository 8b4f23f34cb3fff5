import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { centsToDecimal, ORDER_TRANSITIONS, type OrderStatus } from '@dentalmarket/contracts';
import { csvLine } from '../common/csv.js';
import { streamCsv } from '../common/csv-stream.js';
import { ReadRoutes } from '../database/read-routes.js';
import { Transactions } from '../database/transactions.js';
import { OrderEmailQueue } from '../mail/order-email.queue.js';
import { emitWebhookEvent } from '../webhooks/webhook-events.js';
import { mapOrderSummary, type OrderDto, type OrderListResponseDto, type OrderStatsDto, type OrderSummaryRow } from './dto/order.dto.js';
import type { AdminOrderListQueryDto, OrderStatusChangeDto } from './dto/order-requests.dto.js';
import { ADMIN_ORDER_PAGE_DEFAULT, adminOrdersSql, exportSql, ORDER_SEARCH_COUNT_CAP, OVERDUE, SUPPLIER_SEES } from './admin-order-queries.js';
import { OrderNotFound, OrderStatusChangeRefused } from './order.errors.js';
import { normaliseOrderNumber } from './order-number.js';
import { readOrder } from './order-reads.js';

const CSV_HEADER = ['number', 'created_at', 'status', 'po_number', 'email', 'full_name', 'address', 'city', 'state', 'zip_code', 'subtotal', 'shipping', 'tax', 'total', 'currency', 'carrier', 'tracking_number', 'line_count'];
const MONEY_COLUMNS = new Set(['subtotal_cents', 'shipping_cents', 'tax_cents', 'total_cents']);

/** The admin's orders: the grid, one order, the status workflow, the CSV export and the dashboard figures. */
@Injectable()
export class AdminOrdersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly dataSource: DataSource,
    private readonly routes: ReadRoutes,
    private readonly emails: OrderEmailQueue,
  ) {}

  async list(query: AdminOrderListQueryDto): Promise<OrderListResponseDto> {
    const sql = adminOrdersSql(query);
    const manager = this.transactions.manager;
    const [rows, [{ total }]] = await Promise.all([manager.query(sql.page.text, sql.page.values) as Promise<OrderSummaryRow[]>, manager.query(sql.count.text, sql.count.values)]);
    // only a search's count stops at the cap; the counters' totals are exact at any size
    const capped = Boolean(query.q?.trim()) && total > ORDER_SEARCH_COUNT_CAP;
    return {
      orders: rows.map(mapOrderSummary),
      total: capped ? ORDER_SEARCH_COUNT_CAP : total,
      ...(capped ? { total_capped: true } : {}),
      page: query.page ?? 1,
      limit: query.limit ?? ADMIN_ORDER_PAGE_DEFAULT,
    };
  }

  async get(number: string): Promise<OrderDto> {
    // an order awaiting approval (or declined, or expired) is the practice's, not yet the supplier's
    const order = await readOrder(this.transactions.manager, `o.number = $1 AND ${SUPPLIER_SEES}`, [normaliseOrderNumber(number)]);
    if (!order) throw new OrderNotFound();
    return order;
  }

  /**
   * One step of ORDER_TRANSITIONS, recorded as an event under its actor (the admin's username, or the
   * API key: auth/admin-actor.decorator.ts) with its email and its `order.status_changed` webhook
   * event written in the same transaction. The row is locked first, so two admins' changes happen one
   * after the other and the second is judged against the first's result.
   */
  async changeStatus(number: string, change: OrderStatusChangeDto, actor: string): Promise<OrderDto> {
    if ((change.carrier !== undefined || change.tracking_number !== undefined) && change.status !== 'shipped') {
      throw new BadRequestException('carrier and tracking_number are only accepted with status shipped');
    }
    const normalised = normaliseOrderNumber(number);
    await this.transactions.run(async (manager) => {
      const [order] = await manager.query(`SELECT id, number, status FROM orders o WHERE number = $1 AND ${SUPPLIER_SEES} FOR UPDATE`, [normalised]);
      if (!order) throw new OrderNotFound();
      const from = order.status as OrderStatus;
      const allowed = ORDER_TRANSITIONS[from];
      if (!allowed.includes(change.status)) throw new OrderStatusChangeRefused(from, change.status, allowed);
      await manager.query(
        `UPDATE orders SET status = $2, carrier = COALESCE($3, carrier), tracking_number = COALESCE($4, tracking_number), updated_at = now() WHERE id = $1`,
        [order.id, change.status, change.carrier || null, change.tracking_number || null],
      );
      const eventId = randomUUID();
      await manager.query(`INSERT INTO order_events (id, order_id, from_status, to_status, actor, note) VALUES ($1, $2, $3, $4, $5, $6)`, [
        eventId,
        order.id,
        from,
        change.status,
        actor,
        change.note || null,
      ]);
      await this.emails.enqueue(manager, eventId);
      await emitWebhookEvent(manager, { type: 'order.status_changed', resourceType: 'order', resourceId: order.number, sourceId: eventId });
    });
    return this.get(normalised);
  }

  /** The filtered orders as CSV in the grid's order, streamed from a database cursor (streamCsv). */
  exportCsv(query: AdminOrderListQueryDto, response: Response): Promise<void> {
    // from a replica when one has the admin's own last write (database/read-routes.ts)
    return this.routes.read('export', (target) =>
      streamCsv<Record<string, unknown>>(
        target.dataSource,
        {
          ...exportSql(query),
          header: CSV_HEADER,
          line: (row) => csvLine(Object.entries(row).map(([column, value]) => (MONEY_COLUMNS.has(column) ? centsToDecimal(Number(value)) : value))),
        },
        response,
        { filename: `orders-${new Date().toISOString().slice(0, 10)}.csv` },
      ),
    );
  }

  /** Orders today (UTC), revenue this month (UTC, cancelled orders excluded, exact cents), and the last 30 days' best sellers. */
  async stats(): Promise<OrderStatsDto> {
    const manager = this.transactions.manager;
    const [[today], [month], best, [overdue]] = await Promise.all([
      manager.query(`SELECT coalesce(sum(n), 0)::int AS n FROM order_counts WHERE day = (now() AT TIME ZONE 'UTC')::date`),
      manager.query(
        `SELECT coalesce(sum(total_cents), 0)::text AS cents FROM orders
          WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND status = ANY(ARRAY['placed', 'processing', 'shipped', 'delivered']::order_status[])`,
      ),
      manager.query(
        `SELECT l.product_id, (array_agg(l.name ORDER BY l.id DESC))[1] AS name, sum(l.quantity)::int AS quantity
           FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.created_at >= now() - interval '30 days' AND o.status = ANY(ARRAY['placed', 'processing', 'shipped', 'delivered']::order_status[])
          GROUP BY l.product_id ORDER BY quantity DESC, l.product_id LIMIT 5`,
      ),
      // issue 36: an index-only walk of IDX_orders_unpaid_due (open invoices by due date) up to now
      manager.query(`SELECT count(*)::int AS n, coalesce(sum(o.total_cents - o.paid_cents), 0)::text AS cents FROM orders o WHERE ${OVERDUE}`),
    ]);
    return {
      orders_today: today.n,
      revenue_this_month: centsToDecimal(Number(month.cents)),
      best_sellers: best,
      overdue_invoices: overdue.n,
      overdue_amount: centsToDecimal(Number(overdue.cents)),
    };
  }
}
