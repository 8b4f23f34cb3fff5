import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invoice terms (issue 36): the admin gives a practice "invoice, net N days" with a credit limit
 * (`practices.payment_terms`, `net_days`, `credit_limit_cents`; every existing practice pays by card,
 * as before). An order such a practice places has a payment due date (`orders.payment_due_at`) and
 * counts in its open balance until it is paid (`paid_at`, set by a later change) or cancelled: the
 * partial index holds only the open invoices, by practice, with their totals.
 */
export class InvoiceTerms1765730000000 implements MigrationInterface {
  name = 'InvoiceTerms1765730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "practices" ADD "payment_terms" text NOT NULL DEFAULT 'card'`);
    await queryRunner.query(`ALTER TABLE "practices" ADD "net_days" smallint`);
    await queryRunner.query(`ALTER TABLE "practices" ADD "credit_limit_cents" bigint`);
    await queryRunner.query(
      `ALTER TABLE "practices" ADD CONSTRAINT "CHK_practices_terms" CHECK ("payment_terms" = 'card' OR ("payment_terms" = 'invoice' AND "net_days" BETWEEN 1 AND 120 AND "credit_limit_cents" >= 0))`,
    );
    await queryRunner.query(`ALTER TABLE "orders" ADD "payment_due_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "paid_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "IDX_orders_open_invoices" ON "orders" ("practice_id") INCLUDE ("total_cents", "status") WHERE "payment_due_at" IS NOT NULL AND "paid_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_orders_open_invoices"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "paid_at"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "payment_due_at"`);
    await queryRunner.query(`ALTER TABLE "practices" DROP CONSTRAINT "CHK_practices_terms"`);
    for (const column of ['credit_limit_cents', 'net_days', 'payment_terms']) await queryRunner.query(`ALTER TABLE "practices" DROP COLUMN "${column}"`);
  }
}
