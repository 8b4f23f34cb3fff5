import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each webhook delivery names its resource (the event's `type:id`, e.g. `order:DM-7K2Q9X`), and the
 * pending deliveries are indexed by endpoint, resource and seq: "is an earlier delivery of this
 * resource to this endpoint still pending?" (in order per resource) read every pending delivery of
 * the endpoint through the events, the worker's top statement while a backlog drained.
 */
export class WebhookDeliveryResource1765550000000 implements MigrationInterface {
  name = 'WebhookDeliveryResource1765550000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ADD "resource" text`);
    // a test event's deliveries name their endpoint (webhook-endpoints.service.ts), every other one its event's resource
    await queryRunner.query(`
      UPDATE "webhook_deliveries" d SET "resource" = CASE WHEN e."type" = 'webhook.test' THEN 'webhook_endpoint:' || d."endpoint_id" ELSE e."resource_type" || ':' || e."resource_id" END
        FROM "webhook_events" e WHERE e."id" = d."event_id"`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" ALTER COLUMN "resource" SET NOT NULL`);
    await queryRunner.query(`DROP INDEX "IDX_webhook_deliveries_pending"`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_pending" ON "webhook_deliveries" ("endpoint_id", "resource", "seq") WHERE "status" = 'pending'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_webhook_deliveries_pending"`);
    await queryRunner.query(`CREATE INDEX "IDX_webhook_deliveries_pending" ON "webhook_deliveries" ("endpoint_id", "seq") WHERE "status" = 'pending'`);
    await queryRunner.query(`ALTER TABLE "webhook_deliveries" DROP COLUMN "resource"`);
  }
}
