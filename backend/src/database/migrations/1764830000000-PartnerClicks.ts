import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the analytics tab reads (issue 21), written in batches by analytics/analytics-writer.ts:
 *
 * - `partner_clicks`: one row per counted click on a partner product's 'View Product' link, with
 *   the shop page it came from (path and query) and a visitor hash that changes every UTC day (an
 *   HMAC of address and user agent: neither is stored, nor any cookie). Append-only and in time
 *   order, so a BRIN index serves time ranges (a retention delete, an export) at a few pages per
 *   10,000,000 rows, and costs an insert almost nothing. `click_id` (unique) makes the beacon and the
 *   ping of one click count once across instances. No foreign key: a click stays history when
 *   its product is deleted, and a product delete never scans the clicks.
 * - `partner_click_days`: the clicks per UTC day and product, with the product's manufacturer (the
 *   partner), kept in the transaction that inserts the clicks. Charts per day and per partner read
 *   this (days × products clicked), never the raw table: the primary key serves a date range, the
 *   (manufacturer, day) index one partner's days.
 * - `search_term_days`: how often each normalised search term was searched per UTC day, and how
 *   often it found nothing. No user identity.
 */
export class PartnerClicks1764830000000 implements MigrationInterface {
  name = 'PartnerClicks1764830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "partner_clicks" (
        "id" bigserial NOT NULL,
        "product_id" integer NOT NULL,
        "clicked_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "referrer_path" text,
        "visitor_hash" bytea NOT NULL,
        "click_id" uuid,
        CONSTRAINT "PK_partner_clicks" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_partner_clicks_referrer_path" CHECK (char_length("referrer_path") <= 512),
        CONSTRAINT "CHK_partner_clicks_visitor_hash" CHECK (octet_length("visitor_hash") = 32)
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_partner_clicks_clicked_at" ON "partner_clicks" USING brin ("clicked_at")`);
    // the page's id for a click: its beacon and its ping count once even when two instances receive them
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_partner_clicks_click_id" ON "partner_clicks" ("click_id")`);
    await queryRunner.query(`
      CREATE TABLE "partner_click_days" (
        "day" date NOT NULL,
        "product_id" integer NOT NULL,
        "manufacturer" text NOT NULL,
        "clicks" integer NOT NULL,
        CONSTRAINT "PK_partner_click_days" PRIMARY KEY ("day", "product_id"),
        CONSTRAINT "CHK_partner_click_days_clicks" CHECK ("clicks" > 0)
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_partner_click_days_manufacturer_day" ON "partner_click_days" ("manufacturer", "day")`);
    await queryRunner.query(`
      CREATE TABLE "search_term_days" (
        "day" date NOT NULL,
        "term" text NOT NULL,
        "searches" integer NOT NULL,
        "zero_results" integer NOT NULL DEFAULT 0,
        CONSTRAINT "PK_search_term_days" PRIMARY KEY ("day", "term"),
        CONSTRAINT "CHK_search_term_days_term" CHECK (char_length("term") BETWEEN 1 AND 100),
        CONSTRAINT "CHK_search_term_days_counts" CHECK ("searches" > 0 AND "zero_results" BETWEEN 0 AND "searches")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "search_term_days"`);
    await queryRunner.query(`DROP TABLE "partner_click_days"`);
    await queryRunner.query(`DROP TABLE "partner_clicks"`);
  }
}
