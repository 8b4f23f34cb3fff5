import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin orders grid's indexes (orders/admin-order-queries.ts): each sort, in both directions,
 * alone and behind the status filter, so a page is an ordered index walk at 1,000,000 orders; the
 * search (number, email, name) through trigram indexes, as the product search does.
 */
const INDEXES: Record<string, string> = {
  IDX_orders_created: '"created_at" DESC, "id" DESC',
  IDX_orders_status_created: '"status", "created_at" DESC, "id" DESC',
  IDX_orders_total: '"total_cents", "id"',
  IDX_orders_status_total: '"status", "total_cents", "id"',
  IDX_orders_user_created: '"user_id", "created_at" DESC, "id" DESC',
  IDX_orders_email_trgm: 'USING gin ("email" gin_trgm_ops)',
  IDX_orders_full_name_trgm: 'USING gin ("full_name" gin_trgm_ops)',
};

/**
 * Orders, their lines (product snapshots, no foreign key to products), their status history, and
 * the sent-marker of each event's email. Also `order_counts`: orders per UTC day and status, kept by
 * a trigger, so the admin grid's total for any status and date range is a sum of a few hundred rows
 * instead of a count over a million. Each connection adds to its own slot (backend pid modulo 8), so
 * concurrent checkouts do not queue on one counter row.
 */
export class Orders1764600000000 implements MigrationInterface {
  name = 'Orders1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."order_status" AS ENUM('placed', 'processing', 'shipped', 'delivered', 'cancelled')`);
    await queryRunner.query(
      `CREATE TABLE "orders" ("id" BIGSERIAL NOT NULL, "number" text NOT NULL, "user_id" integer, "email" text NOT NULL, "full_name" text NOT NULL, "address" text NOT NULL, "city" text NOT NULL, "state" text NOT NULL, "zip_code" text NOT NULL, "status" "public"."order_status" NOT NULL DEFAULT 'placed', "subtotal_cents" bigint NOT NULL, "shipping_cents" bigint NOT NULL, "tax_cents" bigint NOT NULL, "total_cents" bigint NOT NULL, "currency" text NOT NULL DEFAULT 'USD', "carrier" text, "tracking_number" text, "idempotency_key" uuid, "request_hash" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_710e2d4957aa5878dfe94e4ac2f" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_orders_number" ON "orders" ("number")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_orders_idempotency_key" ON "orders" ("idempotency_key")`);
    await queryRunner.query(
      `CREATE TABLE "order_events" ("id" uuid NOT NULL, "order_id" bigint NOT NULL, "from_status" "public"."order_status", "to_status" "public"."order_status" NOT NULL, "actor" text NOT NULL, "note" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cc1b82b0fcf1be577d9d7ecbf8b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_order_events_order" ON "order_events" ("order_id", "created_at")`);
    await queryRunner.query(
      `CREATE TABLE "order_lines" ("id" BIGSERIAL NOT NULL, "order_id" bigint NOT NULL, "position" smallint NOT NULL, "product_id" integer NOT NULL, "name" text NOT NULL, "manufacturer" text NOT NULL, "unit_price_cents" bigint NOT NULL, "image_url" text, "quantity" integer NOT NULL, CONSTRAINT "PK_627dcd7f1d707de4df241b2da6b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_order_lines_product" ON "order_lines" ("product_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_order_lines_order" ON "order_lines" ("order_id", "position")`);
    await queryRunner.query(`CREATE TABLE "order_emails_sent" ("event_id" uuid NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a231fab3dcdc0ca2afbd5b81d37" PRIMARY KEY ("event_id"))`);
    await queryRunner.query(`ALTER TABLE "orders" ADD CONSTRAINT "FK_orders_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "order_events" ADD CONSTRAINT "FK_order_events_order" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "order_lines" ADD CONSTRAINT "FK_order_lines_order" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    for (const [name, columns] of Object.entries(INDEXES)) {
      await queryRunner.query(`CREATE INDEX "${name}" ON "orders" ${columns.startsWith('USING') ? columns : `(${columns})`}`);
    }

    await queryRunner.query(`
      CREATE TABLE "order_counts" (
        "day" date NOT NULL,
        "status" "public"."order_status" NOT NULL,
        "slot" smallint NOT NULL,
        "n" bigint NOT NULL,
        PRIMARY KEY ("day", "status", "slot")
      )`);
    await queryRunner.query(`
      CREATE FUNCTION "order_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await queryRunner.query(`CREATE TRIGGER "order_counts_insert_delete" AFTER INSERT OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_counts_track"()`);
    await queryRunner.query(
      `CREATE TRIGGER "order_counts_update" AFTER UPDATE OF "status", "created_at" ON "orders" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."created_at" IS DISTINCT FROM NEW."created_at") EXECUTE FUNCTION "order_counts_track"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_counts"`);
    await queryRunner.query(`DROP TABLE "order_emails_sent"`);
    await queryRunner.query(`DROP TABLE "order_lines"`);
    await queryRunner.query(`DROP TABLE "order_events"`);
    // its indexes and triggers go with it
    await queryRunner.query(`DROP TABLE "orders"`);
    await queryRunner.query(`DROP FUNCTION "order_counts_track"()`);
    await queryRunner.query(`DROP TYPE "public"."order_status"`);
  }
}
