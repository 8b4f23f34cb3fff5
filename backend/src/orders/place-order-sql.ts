import { TAX_EXEMPT_NOW } from '../practices/tax-exemption.js';
import { orderPlacedEventCte } from '../webhooks/webhook-events.js';
import { ORDER_COLUMNS } from './order-reads.js';

/**
 * The practice's rules for a checkout (issue 36), one row whatever the account (a guest's: no role,
 * nothing required), from the account and its practice as they are in the statement's snapshot:
 * `po_missing` (the practice requires a PO number and none was sent), `refused` (an assistant while
 * approvals are off: assistants prepare orders, others place them), `status` (awaiting_approval for
 * an assistant's order, or a purchaser's whose total is above the practice's threshold, when
 * approvals are on; placed otherwise) and `days` (how long an order may await approval). On invoice
 * terms (issue 36) a placed order is checked against the credit limit, which needs the practice's row
 * locked first (the caller's transaction, `locked`), so that this statement's snapshot holds every
 * order of the practice committed before: `needs_lock` asks the caller for that, `over_credit`
 * refuses, `payment_due_at` is the invoice's due date. A practice with a tax-exemption certificate
 * valid today (issue 36, TAX_EXEMPT_NOW) pays no tax: `exempt`, its certificate and last valid day
 * (copied onto the order), and `total_cents`, the order's total (without the tax then), which the
 * approval threshold and the credit limit are judged by. Parameters: the account's id, the PO number
 * (null for none), the order's total in cents with tax, its tax in cents, and whether the practice's
 * row is locked.
 */
export const checkoutGate = (user: string, po: string, taxedTotal: string, tax: string, locked: string) => {
  const total = `(${taxedTotal}::bigint - CASE WHEN ${TAX_EXEMPT_NOW('pr')} THEN ${tax}::bigint ELSE 0 END)`;
  return `
  SELECT g.po_missing, g.refused, g.status, g.days, g.exempt, g.tax_exempt_certificate, to_char(g.tax_exempt_until, 'YYYY-MM-DD') AS tax_exempt_until, g.total_cents,
         g.invoice AND g.status = 'placed' AND NOT ${locked}::boolean AS needs_lock,
         g.invoice AND g.status = 'placed' AND ${locked}::boolean AND g.open_cents + g.total_cents > g.credit_cents AS over_credit,
         CASE WHEN g.invoice AND g.status = 'placed' THEN now() + make_interval(days => g.net_days) END AS payment_due_at,
         g.credit_cents, g.open_cents
    FROM (
      SELECT coalesce(pr.po_required, false) AND ${po}::text IS NULL AS po_missing,
             u.practice_role IS NOT DISTINCT FROM 'assistant' AND NOT coalesce(pr.approvals_enabled, false) AS refused,
             CASE WHEN pr.approvals_enabled AND (u.practice_role = 'assistant' OR (u.practice_role = 'purchaser' AND pr.approval_threshold_cents IS NOT NULL AND ${total} > pr.approval_threshold_cents))
                  THEN 'awaiting_approval' ELSE 'placed' END::order_status AS status,
             coalesce(pr.approval_days, 7) AS days,
             coalesce(pr.payment_terms = 'invoice', false) AS invoice,
             pr.net_days, pr.credit_limit_cents AS credit_cents,
             CASE WHEN pr.payment_terms = 'invoice' AND ${locked}::boolean THEN (${OPEN_BALANCE('pr.id')}) END AS open_cents,
             coalesce(${TAX_EXEMPT_NOW('pr')}, false) AS exempt,
             CASE WHEN ${TAX_EXEMPT_NOW('pr')} THEN pr.tax_exempt_certificate END AS tax_exempt_certificate,
             CASE WHEN ${TAX_EXEMPT_NOW('pr')} THEN pr.tax_exempt_until END AS tax_exempt_until,
             coalesce(${total}, ${taxedTotal}::bigint) AS total_cents
        FROM (SELECT 1) one
        LEFT JOIN users u ON u.id = ${user}::int AND u.role = 'customer'
        LEFT JOIN practices pr ON pr.id = u.practice_id
    ) g`;
};

/**
 * A practice's open balance in cents: what is left to pay of its unpaid invoices (a partly paid one
 * counts only its outstanding part), cancelled ones left out (the partial index IDX_orders_open_invoices).
 */
export const OPEN_BALANCE = (practice: string) =>
  `SELECT coalesce(sum(b.total_cents - b.paid_cents), 0)::bigint FROM orders b WHERE b.practice_id = ${practice} AND b.payment_due_at IS NOT NULL AND b.paid_at IS NULL AND b.status <> 'cancelled'`;

/** When an order of `status` made now stops waiting for approval (null: it is not waiting). */
export const approvalExpiry = (status: string, days: string) => `CASE WHEN ${status} = 'awaiting_approval' THEN now() + make_interval(days => ${days}) END`;

/**
 * Places an order whose every line is orderable at the price sent ($3, cents), in one statement: the
 * products are share-locked in id order (an admin's price change waits for the commit, or this sees
 * the new price and writes nothing), the order is written only when all lines match and the
 * practice's rules allow it (checkoutGate), with its line snapshots, its first event, the event's
 * email in the outbox (mail/order-email.queue.ts moves it into the job queue: the confirmation, or
 * for an order awaiting approval the owners' request) and, for a placed order only, its
 * `order.placed` webhook event (webhooks/webhook-relay.ts fans it out). One row always: `as_sent`
 * false, `po_missing`, `refused`, `needs_lock`, `over_credit` or `tax_changed` → nothing written; otherwise a NULL id → the Idempotency-Key ($16)
 * has an order already. Parameters: product ids, quantities, unit cents, number, user id, email,
 * full name, address, city, state, zip, subtotal, shipping, tax, total (cents, from the prices sent,
 * which equal the catalogue's when anything is written; the tax and total are the gate's for a
 * tax-exempt practice), key, request hash, event id, actor, PO number, whether the practice's row is
 * locked, and the tax the checkout showed (null: not sent; another → `tax_changed`).
 */
export const PLACE_AS_SENT = `
  WITH l AS (
    SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[]) WITH ORDINALITY AS l(product_id, quantity, unit_cents, position)
  ), p AS (
    SELECT p.id, p.name, p.manufacturer, p.image_url, round(p.price * 100)::bigint AS cents, p.product_type, p.in_stock
      FROM products p WHERE p.id = ANY($1::int[]) ORDER BY p.id FOR SHARE
  ), ok AS (
    SELECT (SELECT count(*) FROM l JOIN p ON p.id = l.product_id
             WHERE p.product_type = 'equipment' AND p.in_stock AND p.cents = l.unit_cents) = cardinality($1::int[]) AS as_sent, gate.*,
           CASE WHEN gate.exempt THEN 0 ELSE $14::bigint END AS tax_cents,
           $22::bigint IS NOT NULL AND $22::bigint <> CASE WHEN gate.exempt THEN 0 ELSE $14::bigint END AS tax_changed
      FROM (${checkoutGate('$5', '$20', '$15', '$14', '$21')}) gate
  ), o AS (
    INSERT INTO orders (number, user_id, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents, tax_cents, total_cents, idempotency_key, request_hash,
                        po_number, status, approval_expires_at, payment_due_at, tax_exempt_certificate, tax_exempt_until)
    SELECT $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, ok.tax_cents, ok.total_cents, $16, $17, $20, ok.status, ${approvalExpiry('ok.status', 'ok.days')}, ok.payment_due_at,
           ok.tax_exempt_certificate, ok.tax_exempt_until::date
      FROM ok WHERE ok.as_sent AND NOT ok.po_missing AND NOT ok.refused AND NOT ok.needs_lock AND NOT ok.over_credit AND NOT ok.tax_changed
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING ${ORDER_COLUMNS}
  ), placed_lines AS (
    INSERT INTO order_lines (order_id, position, product_id, name, manufacturer, unit_price_cents, image_url, quantity)
    SELECT o.id, l.position, p.id, p.name, p.manufacturer, p.cents, p.image_url, l.quantity FROM o, l JOIN p ON p.id = l.product_id
    RETURNING position, product_id, name, manufacturer, unit_price_cents, image_url, quantity
  ), placed_event AS (
    INSERT INTO order_events (id, order_id, from_status, to_status, actor, created_at)
    SELECT $18, o.id, NULL, o.status, $19, o.created_at FROM o
  ), email AS (
    INSERT INTO order_email_outbox (event_id) SELECT $18 FROM o
  ), hook AS (
    ${orderPlacedEventCte('$18::uuid')}
  )
  SELECT ok.as_sent, ok.po_missing, ok.refused, ok.needs_lock, ok.over_credit, ok.credit_cents, ok.open_cents, ok.tax_changed, ok.tax_cents AS gate_tax_cents, ok.total_cents AS gate_total_cents, o.*,
         (SELECT json_agg(json_build_object('product_id', product_id, 'name', name, 'manufacturer', manufacturer, 'unit_price_cents', unit_price_cents,
                                            'image_url', image_url, 'quantity', quantity) ORDER BY position) FROM placed_lines) AS lines
    FROM ok LEFT JOIN o ON true`;
