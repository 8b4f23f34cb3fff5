import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the seed has done, once: a demo account or catalogue that an admin deleted stays deleted
 * across restarts and `npm run seed`. Databases seeded before this table existed are recorded as
 * seeded when their demo data is present.
 */
export class SeedHistory1764000000000 implements MigrationInterface {
  name = 'SeedHistory1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "seed_history" (
        "name" text NOT NULL,
        "applied_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_seed_history" PRIMARY KEY ("name")
      )`);
    await queryRunner.query(
      `INSERT INTO "seed_history" ("name") SELECT 'demo-accounts' WHERE EXISTS (SELECT 1 FROM "users" WHERE "username" IN ('admin', 'dr.smith'))`,
    );
    await queryRunner.query(`INSERT INTO "seed_history" ("name") SELECT 'demo-catalogue' WHERE EXISTS (SELECT 1 FROM "categories")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "seed_history"`);
  }
}
