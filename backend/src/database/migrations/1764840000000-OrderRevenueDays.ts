import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revenue per day for the Analytics tab (issue 21): `order_counts` (orders per UTC day, status and
 * slot, kept by a trigger) also sums the orders' totals in cents, so a chart of orders and revenue
 * over a year reads at most 366 × statuses × 8 small rows, never the million orders. Backfilled
 * with the orders table locked against writes, so no order is counted twice or missed.
 */
export class OrderRevenueDays1764840000000 implements MigrationInterface {
  name = 'OrderRevenueDays1764840000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`LOCK TABLE "orders" IN SHARE MODE`);
    await queryRunner.query(`ALTER TABLE "order_counts" ADD "cents" bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      INSERT INTO "order_counts" AS c ("day", "status", "slot", "n", "cents")
      SELECT ("created_at" AT TIME ZONE 'UTC')::date, "status", 0, 0, sum("total_cents")
        FROM "orders" GROUP BY 1, 2
      ON CONFLICT ("day", "status", "slot") DO UPDATE SET "cents" = excluded."cents"`);
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

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION "order_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE my_slot smallint := pg_backend_pid() % 8;
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO "order_counts" AS c VALUES ((OLD."created_at" AT TIME ZONE 'UTC')::date, OLD."status", my_slot, -1)
            ON CONFLICT ("day", "status", "slot") DO UPDATE SET "n" = c."n" - 1;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO "order_counts" AS c VALUES ((NEW."created_at" AT TIME ZONE 'UTC')::date, NEW."status", my_slot, 1)
            ON CONFLICT ("day", "status", "slot") DO UPDATE SET "n" = c."n" + 1;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`ALTER TABLE "order_counts" DROP COLUMN "cents"`);
  }
}
