import { OVERDUE_REMINDER_EVERY_DAYS, OVERDUE_REMINDERS_MAX, REMINDER_DAYS_BEFORE } from '@dentalmarket/contracts/practices';

/**
 * The reminder an open invoice is owed at `$1` (the run's time), by stage: 0 from REMINDER_DAYS_BEFORE
 * days before its due date until it is due; then 1 the day after it is due, 2 a week later, and so on
 * every OVERDUE_REMINDER_EVERY_DAYS days up to OVERDUE_REMINDERS_MAX; NULL on its due day (between
 * the two). An invoice found late (a run missed, the job started on old invoices) gets the stage of
 * now only, not every one it missed.
 */
const STAGE = `CASE
  WHEN $1::timestamptz < o.payment_due_at THEN 0
  WHEN $1::timestamptz >= o.payment_due_at + interval '1 day'
    THEN least(${OVERDUE_REMINDERS_MAX}, 1 + floor(extract(epoch FROM $1::timestamptz - o.payment_due_at - interval '1 day') / ${OVERDUE_REMINDER_EVERY_DAYS * 86_400}))::smallint
END`;

/** The oldest due date still owed a reminder: the last overdue stage's start, plus one more period of grace. */
const OLDEST_DUE = `$1::timestamptz - make_interval(days => ${1 + OVERDUE_REMINDER_EVERY_DAYS * OVERDUE_REMINDERS_MAX})`;

/**
 * One keyset batch of the daily reminder run, one statement: the next `$4` open invoices (unpaid,
 * uncancelled) due from OLDEST_DUE up to REMINDER_DAYS_BEFORE days ahead of `$1`, after the cursor
 * (`$2` due date as text, `$3` id), in the order of the partial index IDX_orders_unpaid_due (a range
 * walk of it, never the orders table); for each the stage it is owed now, written to
 * invoice_reminders unless written before (its unique (order, stage): a re-run or another instance
 * writes nothing twice). Answers how many it took, the cursor after them (the due date as text, to
 * the microsecond) and the new reminders' ids.
 */
export const REMINDER_BATCH = `
  WITH batch AS (
    SELECT o.id, o.payment_due_at, ${STAGE} AS stage FROM orders o
     WHERE o.payment_due_at IS NOT NULL AND o.paid_at IS NULL AND o.status <> 'cancelled'
       AND o.payment_due_at >= ${OLDEST_DUE} AND o.payment_due_at <= $1::timestamptz + interval '${REMINDER_DAYS_BEFORE} days'
       AND (o.payment_due_at, o.id) > ($2::timestamptz, $3::bigint)
     ORDER BY o.payment_due_at, o.id LIMIT $4
  ), made AS (
    INSERT INTO invoice_reminders (order_id, stage) SELECT id, stage FROM batch WHERE stage IS NOT NULL
    ON CONFLICT (order_id, stage) DO NOTHING RETURNING id
  ), last AS (
    SELECT payment_due_at, id FROM batch ORDER BY payment_due_at DESC, id DESC LIMIT 1
  )
  SELECT (SELECT count(*)::int FROM batch) AS taken, (SELECT payment_due_at::text FROM last) AS due, (SELECT id::text FROM last) AS id,
         coalesce((SELECT array_agg(id) FROM made), '{}') AS made`;

/** A reminder as its email worker reads it (locked, not yet sent), with its invoice. */
export const REMINDER_TO_SEND = `
  SELECT r.id, r.stage, o.number, o.status, o.po_number, o.total_cents, o.paid_cents, o.paid_at, o.payment_due_at, o.practice_id, p.name AS practice_name
    FROM invoice_reminders r JOIN orders o ON o.id = r.order_id LEFT JOIN practices p ON p.id = o.practice_id
   WHERE r.id = $1 AND r.sent_at IS NULL FOR UPDATE OF r`;
