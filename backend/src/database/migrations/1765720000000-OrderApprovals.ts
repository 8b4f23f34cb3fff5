import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * PO numbers and approvals (issue 36). Orders get a purchase-order number, who approved them and
 * when, and while they await an owner's approval the time they expire (`approval_expires_at`, set
 * only then: its partial indexes hold the few waiting orders, for the practice's approvals list and
 * the expiry job). Three statuses join `order_status`: `awaiting_approval` before an order is placed,
 * `declined` and `expired` for one that never was. Practices get their ordering settings, off for
 * every existing practice, so nothing changes until an owner turns them on.
 *
 * `order_counts` (the admin grid's totals, the dashboard's and the Analytics tab's figures) counts
 * only orders the supplier sees: the trigger skips the three new statuses, so an order counts from
 * its approval, on the day it was approved (the approval sets its created_at). Existing rows are all
 * in the old statuses: nothing to recount.
 */
export class OrderApprovals1765720000000 implements MigrationInterface {
  name = 'OrderApprovals1765720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // new enum values may not be used in the transaction that adds them: nothing below names them but as text
    await queryRunner.query(`ALTER TYPE "public"."order_status" ADD VALUE IF NOT EXISTS 'awaiting_approval' BEFORE 'placed'`);
    await queryRunner.query(`ALTER TYPE "public"."order_status" ADD VALUE IF NOT EXISTS 'declined' AFTER 'cancelled'`);
    await queryRunner.query(`ALTER TYPE "public"."order_status" ADD VALUE IF NOT EXISTS 'expired' AFTER 'declined'`);

    await queryRunner.query(`ALTER TABLE "orders" ADD "po_number" text`);
    await queryRunner.query(`ALTER TABLE "orders" ADD CONSTRAINT "CHK_orders_po_number" CHECK ("po_number" IS NULL OR char_length("po_number") BETWEEN 1 AND 35)`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "approved_by" integer`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "approved_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "approval_expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_orders_approved_by" FOREIGN KEY ("approved_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_orders_awaiting_practice" ON "orders" ("practice_id", "created_at" DESC, "id" DESC) WHERE "approval_expires_at" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_orders_awaiting_expiry" ON "orders" ("approval_expires_at") WHERE "approval_expires_at" IS NOT NULL`);

    await queryRunner.query(`ALTER TABLE "practices" ADD "po_required" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "practices" ADD "approvals_enabled" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "practices" ADD "approval_threshold_cents" bigint`);
    await queryRunner.query(`ALTER TABLE "practices" ADD "approval_days" smallint NOT NULL DEFAULT 7`);
    await queryRunner.query(`ALTER TABLE "practices" ADD CONSTRAINT "CHK_practices_approval" CHECK ("approval_days" BETWEEN 1 AND 30 AND ("approval_threshold_cents" IS NULL OR "approval_threshold_cents" >= 0))`);

    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "order_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE my_slot smallint := pg_backend_pid() % 8;
      BEGIN
        -- orders the supplier does not see (awaiting approval, declined, expired) are not counted
        IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status"::text NOT IN ('awaiting_approval', 'declined', 'expired') THEN
          INSERT INTO "order_counts" AS c ("day", "status", "slot", "n", "cents")
            VALUES ((OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."status", my_slot, -1, -OLD."total_cents")
            ON CONFLICT ("day", "status", "slot") DO UPDATE SET "n" = c."n" - 1, "cents" = c."cents" - OLD."total_cents";
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."status"::text NOT IN ('awaiting_approval', 'declined', 'expired') THEN
          INSERT INTO "order_counts" AS c ("day", "status", "slot", "n", "cents")
            VALUES ((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."status", my_slot, 1, NEW."total_cents")
            ON CONFLICT ("day", "status", "slot") DO UPDATE SET "n" = c."n" + 1, "cents" = c."cents" + NEW."total_cents";
        END IF;
        RETURN NULL;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "practices" DROP CONSTRAINT "CHK_practices_approval"`);
    for (const column of ['approval_days', 'approval_threshold_cents', 'approvals_enabled', 'po_required']) await queryRunner.query(`ALTER TABLE "practices" DROP COLUMN "${column}"`);
    // orders that never were placed leave with the statuses that named them
    await queryRunner.query(`DELETE FROM "orders" WHERE "status"::text IN ('awaiting_approval', 'declined', 'expired')`);
    await queryRunner.query(`DROP INDEX "IDX_orders_awaiting_expiry"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_awaiting_practice"`);
    for (const column of ['approval_expires_at', 'approved_at', 'approved_by', 'po_number']) await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "${column}"`);
    // order_status keeps the three values: PostgreSQL cannot drop an enum value, and making the type
    // again would leave each session's compiled trigger functions (customer_stats_order, the revenue
    // days') naming a type that is gone ('cache lookup failed for type'); no row uses them now, and up()
    // adds them IF NOT EXISTS
    // the function as 1764600000000 made it
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "order_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE my_slot smallint := pg_backend_pid() % 8;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO "order_counts" AS c ("day", "status", "slot", "n", "cents")
            VALUES ((OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."status", my_slot, -1, -OLD."total_cents")
            ON CONFLICT ("day", "status", "slot") DO UPDATE SET "n" = c."n" - 1, "cents" = c."cents" - OLD."total_cents";
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO "order_counts" AS c ("day", "status", "slot", "n", "cents")
            VALUES ((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."status", my_slot, 1, NEW."total_cents")
            ON CONFLICT ("day", "status", "slot") DO UPDATE SET "n" = c."n" + 1, "cents" = c."cents" + NEW."total_cents";
        END IF;
        RETURN NULL;
      END $$`);
  }
}
