import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's practices (issue 36, "the admin's view"): a practice may be disabled (`disabled_at`),
 * which disables its people; `users.disabled_with_practice` marks the accounts a practice's disabling
 * turned off, so that enabling the practice again enables exactly those (an account an admin disabled
 * on its own stays disabled). The practices list walks an index for each of its sorts (name, newest)
 * and its name search (the words of the name, as IDX_users_full_name_words holds a person's); the
 * practice drawer's invoices walk one by practice and due date.
 */
export class AdminPractices1765820000000 implements MigrationInterface {
  name = 'AdminPractices1765820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "practices" ADD "disabled_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "users" ADD "disabled_with_practice" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE INDEX "IDX_practices_name" ON "practices" (lower("name"), "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_practices_created" ON "practices" ("created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_practices_name_words" ON "practices" USING gin (to_tsvector('simple', translate("name", './@~', '    ')))`);
    await queryRunner.query(`CREATE INDEX "IDX_orders_practice_invoices" ON "orders" ("practice_id", "payment_due_at" DESC, "id" DESC) WHERE "payment_due_at" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_orders_practice_invoices"`);
    await queryRunner.query(`DROP INDEX "IDX_practices_name_words"`);
    await queryRunner.query(`DROP INDEX "IDX_practices_created"`);
    await queryRunner.query(`DROP INDEX "IDX_practices_name"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "disabled_with_practice"`);
    await queryRunner.query(`ALTER TABLE "practices" DROP COLUMN "disabled_at"`);
  }
}
