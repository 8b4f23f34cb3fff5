import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Signed webhooks (issue 35, part 2). `webhook_events` is both the outbox and the event store: a change
 * writes its event in its own transaction (so a rollback announces nothing and a commit always has its
 * event), the relay fans each unfanned event out into one `webhook_deliveries` row per subscribed
 * endpoint (the partial index finds the unfanned ones however large the table grows), and every try
 * of a delivery is a line of `webhook_delivery_attempts`, the endpoint's delivery log (paged newest
 * first by its id). An event's id is the `webhook-id` header: the same on every try and on a resend.
 * Deleting an endpoint deletes its deliveries and log; deleting an event (the retention sweep) its
 * deliveries and their attempts. No entities: the webhooks module reads and writes these in SQL.
 */
export class Webhooks1765500000000 implements MigrationInterface {
  name = 'Webhooks1765500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "webhook_endpoints" (
        "id" uuid NOT NULL,
        "url" text NOT NULL,
        "description" text NOT NULL DEFAULT '',
        "events" text array NOT NULL,
        "enabled" boolean NOT NULL DEFAULT true,
        "secret" text NOT NULL,
        "previous_secret" text,
        "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE,
        "failing_since" TIMESTAMP WITH TIME ZONE,
        "disabled_reason" text,
        "created_by" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_webhook_endpoints" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`
      CREATE TABLE "webhook_events" (
        "id" uuid NOT NULL,
        "type" text NOT NULL,
        "resource_type" text NOT NULL,
        "resource_id" text NOT NULL,
        "source_id" uuid,
        "data" jsonb,
        "occurred_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "fanned_out" boolean NOT NULL DEFAULT false,
        CONSTRAINT "PK_webhook_events" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_events_unfanned" ON "webhook_events" ("occurred_at", "id") WHERE NOT "fanned_out"`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_events_occurred" ON "webhook_events" ("occurred_at")`);
    await queryRunner.query(`
      CREATE TABLE "webhook_deliveries" (
        "id" uuid NOT NULL,
        "seq" bigserial NOT NULL,
        "event_id" uuid NOT NULL,
        "endpoint_id" uuid NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "finished_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_webhook_deliveries" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_webhook_deliveries_status" CHECK ("status" IN ('pending', 'succeeded', 'failed', 'cancelled')),
        CONSTRAINT "FK_webhook_deliveries_event" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_webhook_deliveries_endpoint" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE
      )`);
    // "is an earlier delivery of this resource to this endpoint still pending?" (in order per resource)
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_pending" ON "webhook_deliveries" ("endpoint_id", "seq") WHERE "status" = 'pending'`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_event" ON "webhook_deliveries" ("event_id")`);
    await queryRunner.query(`
      CREATE TABLE "webhook_delivery_attempts" (
        "id" bigserial NOT NULL,
        "delivery_id" uuid NOT NULL,
        "endpoint_id" uuid NOT NULL,
        "attempt" integer NOT NULL,
        "status_code" integer,
        "duration_ms" integer NOT NULL,
        "response_excerpt" text,
        "error" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_webhook_delivery_attempts" PRIMARY KEY ("id"),
        CONSTRAINT "FK_webhook_delivery_attempts_delivery" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE
      )`);
    // the delivery log: one endpoint's attempts newest first, a keyset page at a time
    await queryRunner.query(`CREATE INDEX "IDX_webhook_delivery_attempts_log" ON "webhook_delivery_attempts" ("endpoint_id", "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_delivery_attempts_delivery" ON "webhook_delivery_attempts" ("delivery_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_delivery_attempts"`);
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhook_events"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}
