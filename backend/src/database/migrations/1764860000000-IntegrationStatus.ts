import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Integrations tab's memory (issue 21): the last call the API made to each outside service and
 * how it went ('ai', 'email_send', 'email_error'), one row each, shared by every instance.
 */
export class IntegrationStatus1764860000000 implements MigrationInterface {
  name = 'IntegrationStatus1764860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "integration_status" (
        "key" text NOT NULL,
        "at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "ok" boolean NOT NULL,
        "message" text NOT NULL,
        "ms" integer NOT NULL,
        CONSTRAINT "PK_integration_status" PRIMARY KEY ("key")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "integration_status"`);
  }
}
