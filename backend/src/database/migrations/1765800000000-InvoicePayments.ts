import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoice payments, overdue invoices and reminders (issue 36). The admin records payments against an
 * invoice (`order_payments`: amount, the day it was paid, a reference and a note, who recorded it);
 * `orders.paid_cents` is their sum, kept in the transaction that records one, and `paid_at` is set
 * when it reaches the total. The open balance counts what is left of each open invoice, so the
 * open-invoices index carries `paid_cents` too (replaced, not altered). The overdue index holds only
 * unpaid, uncancelled invoices by due date: the Orders tab's overdue filter, the dashboard's count and
 * the daily reminder job walk it. `invoice_reminders` is the once-only record of each reminder
 * (an invoice and its stage: before the due date, then each week overdue) and whether it was sent.
 */
export class InvoicePayments1765800000000 implements MigrationInterface {
  name = 'InvoicePayments1765800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" ADD "paid_cents" bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "orders" ADD CONSTRAINT "CHK_orders_paid_cents" CHECK ("paid_cents" >= 0 AND "paid_cents" <= "total_cents")`);
    await queryRunner.query(`DROP INDEX "IDX_orders_open_invoices"`);
    await queryRunner.query(
      `CREATE INDEX "IDX_orders_open_invoices" ON "orders" ("practice_id") INCLUDE ("total_cents", "paid_cents", "status") WHERE "payment_due_at" IS NOT NULL AND "paid_at" IS NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_orders_unpaid_due" ON "orders" ("payment_due_at", "id") INCLUDE ("total_cents", "paid_cents") WHERE "payment_due_at" IS NOT NULL AND "paid_at" IS NULL AND "status" <> 'cancelled'`,
    );
    await queryRunner.query(`
      CREATE TABLE "order_payments" (
        "id" bigserial PRIMARY KEY,
        "order_id" bigint NOT NULL CONSTRAINT "FK_order_payments_order" REFERENCES "orders" ("id") ON DELETE CASCADE,
        "amount_cents" bigint NOT NULL CONSTRAINT "CHK_order_payments_amount" CHECK ("amount_cents" > 0),
        "paid_on" date NOT NULL,
        "reference" text,
        "note" text,
        "recorded_by" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_order_payments_order" ON "order_payments" ("order_id", "id")`);
    await queryRunner.query(`
      CREATE TABLE "invoice_reminders" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "order_id" bigint NOT NULL CONSTRAINT "FK_invoice_reminders_order" REFERENCES "orders" ("id") ON DELETE CASCADE,
        "stage" smallint NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz,
        CONSTRAINT "UQ_invoice_reminders_stage" UNIQUE ("order_id", "stage")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "invoice_reminders"`);
    await queryRunner.query(`DROP TABLE "order_payments"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_unpaid_due"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_open_invoices"`);
    await queryRunner.query(`CREATE INDEX "IDX_orders_open_invoices" ON "orders" ("practice_id") INCLUDE ("total_cents", "status") WHERE "payment_due_at" IS NOT NULL AND "paid_at" IS NULL`);
    await queryRunner.query(`ALTER TABLE "orders" DROP CONSTRAINT "CHK_orders_paid_cents"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "paid_cents"`);
  }
}
