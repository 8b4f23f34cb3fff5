import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The checkout's email outbox: the statement that places an order also writes its first event's id
 * here (one round trip for the whole order), and the email queue moves these rows into pg-boss in
 * batches (mail/order-email.queue.ts), deleting them in the same transaction. A row exists from the
 * order's commit until its job does: nothing is lost between the two, and the row survives a crash.
 */
export class OrderEmailOutbox1764660000000 implements MigrationInterface {
  name = 'OrderEmailOutbox1764660000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "order_email_outbox" ("event_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_order_email_outbox" PRIMARY KEY ("event_id"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_email_outbox"`);
  }
}
