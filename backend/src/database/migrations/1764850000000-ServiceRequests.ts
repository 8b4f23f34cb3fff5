import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Service requests (issue 21): a shopper's 'Request Service' on a service product, with a snapshot
 * of the service's name (the product may change or go), the account when signed in, the supplier's
 * workflow and its history (one event per change, whose id is its email job's id, as for orders),
 * and the sent-markers of their emails. Indexes for the admin grid's sorts, filter and searches
 * (a number; an email, practice or contact name from its start) and the shopper's own list.
 */
export class ServiceRequests1764850000000 implements MigrationInterface {
  name = 'ServiceRequests1764850000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."service_request_status" AS ENUM ('new', 'contacted', 'quoted', 'won', 'lost')`);
    await queryRunner.query(`
      CREATE TABLE "service_requests" (
        "id" bigserial NOT NULL,
        "number" text NOT NULL,
        "status" "public"."service_request_status" NOT NULL DEFAULT 'new',
        "product_id" integer,
        "product_name" text NOT NULL,
        "user_id" integer,
        "practice_name" text NOT NULL,
        "contact_name" text NOT NULL,
        "email" text NOT NULL,
        "phone" text NOT NULL,
        "preferred_date" date,
        "message" text,
        "quote_amount_cents" bigint,
        "quote_note" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_service_requests" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_service_requests_number" UNIQUE ("number"),
        CONSTRAINT "FK_service_requests_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE SET NULL,
        CONSTRAINT "FK_service_requests_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL,
        CONSTRAINT "CHK_service_requests_quote" CHECK ("quote_amount_cents" IS NULL OR "quote_amount_cents" >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_service_requests_created" ON "service_requests" ("created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_service_requests_status_created" ON "service_requests" ("status", "created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_service_requests_preferred" ON "service_requests" ("preferred_date", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_service_requests_user" ON "service_requests" ("user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "IDX_service_requests_email" ON "service_requests" (lower("email") text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_service_requests_practice" ON "service_requests" (lower("practice_name") text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_service_requests_contact" ON "service_requests" (lower("contact_name") text_pattern_ops)`);
    await queryRunner.query(`
      CREATE TABLE "service_request_events" (
        "id" uuid NOT NULL,
        "request_id" bigint NOT NULL,
        "from_status" "public"."service_request_status",
        "to_status" "public"."service_request_status" NOT NULL,
        "actor" text NOT NULL,
        "note" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_service_request_events" PRIMARY KEY ("id"),
        CONSTRAINT "FK_service_request_events_request" FOREIGN KEY ("request_id") REFERENCES "service_requests"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_service_request_events_request" ON "service_request_events" ("request_id", "created_at")`);
    // one row per email sent (an event emails the requester, and a new request the supplier too)
    await queryRunner.query(`
      CREATE TABLE "service_request_emails_sent" (
        "event_id" uuid NOT NULL,
        "recipient" text NOT NULL,
        "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_service_request_emails_sent" PRIMARY KEY ("event_id", "recipient")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "service_request_emails_sent"`);
    await queryRunner.query(`DROP TABLE "service_request_events"`);
    await queryRunner.query(`DROP TABLE "service_requests"`);
    await queryRunner.query(`DROP TYPE "public"."service_request_status"`);
  }
}
