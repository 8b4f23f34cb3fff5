import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API keys (issue 35): a key per program that calls the admin API, stored as the SHA-256 of its
 * secret. A roll keeps the old secret's hash beside the new one until its grace ends, so the key is
 * looked up by either (the second index only holds keys rolled with a grace). The creator may be
 * deleted; the key stays, its creator unknown.
 */
export class ApiKeys1765400000000 implements MigrationInterface {
  name = 'ApiKeys1765400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "api_keys" (
        "id" uuid NOT NULL,
        "name" text NOT NULL,
        "prefix" text NOT NULL,
        "secret_hash" text NOT NULL,
        "previous_secret_hash" text,
        "previous_secret_expires_at" TIMESTAMP WITH TIME ZONE,
        "scopes" text array NOT NULL,
        "created_by" integer,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "expires_at" TIMESTAMP WITH TIME ZONE,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        "last_used_at" TIMESTAMP WITH TIME ZONE,
        "last_used_ip" text,
        CONSTRAINT "PK_api_keys" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_api_keys_secret_hash" ON "api_keys" ("secret_hash")`);
    await queryRunner.query(`CREATE INDEX "IDX_api_keys_previous_secret_hash" ON "api_keys" ("previous_secret_hash") WHERE "previous_secret_hash" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_api_keys_created" ON "api_keys" ("created_at" DESC)`);
    await queryRunner.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "FK_api_keys_created_by" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "api_keys"`);
  }
}
