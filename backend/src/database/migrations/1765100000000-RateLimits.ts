import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One table for every rate limit (rate-limits/rate-limiter.service.ts), replacing the login
 * throttle's `login_attempts`: a row per key (the limit's name and the client's network), counted
 * and judged by one upsert. Each row carries its own rule, so the statement needs no lookup, and its
 * expiry, so old keys are deleted by an index rather than by reading the table.
 */
export class RateLimits1765100000000 implements MigrationInterface {
  name = 'RateLimits1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "rate_limits" (
        "key" text NOT NULL,
        "hits" integer NOT NULL,
        "window_start" TIMESTAMP WITH TIME ZONE NOT NULL,
        "blocked_until" TIMESTAMP WITH TIME ZONE,
        "limit" integer NOT NULL,
        "window_seconds" integer NOT NULL,
        "backoff" boolean NOT NULL,
        "allowed" boolean NOT NULL,
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        CONSTRAINT "PK_rate_limits" PRIMARY KEY ("key")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_rate_limits_expires_at" ON "rate_limits" ("expires_at")`);
    // counts of the old throttle are at most an hour's failures: starting them afresh loses nothing
    await queryRunner.query(`DROP TABLE "login_attempts"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "login_attempts" (
        "key" text NOT NULL,
        "failures" integer NOT NULL DEFAULT 0,
        "last_failure_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "blocked_until" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_login_attempts" PRIMARY KEY ("key")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_login_attempts_last_failure_at" ON "login_attempts" ("last_failure_at")`);
    await queryRunner.query(`DROP TABLE "rate_limits"`);
  }
}
