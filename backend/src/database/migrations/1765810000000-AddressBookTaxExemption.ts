import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 36: a practice's address book and its tax exemption.
 *
 * - `practice_addresses`: the practice's ship-to addresses (the checkout's fields but the email),
 *   at most one default per practice (the partial unique index; writers also take the practice's
 *   row lock, so a second default is a clean 409-free switch, never a constraint error). An order
 *   keeps its own copy of the address, so editing the book never changes a past order.
 * - `practices.tax_exempt_certificate` / `tax_exempt_until`: set by the admin, both or neither.
 *   An order placed while the certificate is valid (until on or after the order's day, UTC) carries
 *   tax 0 and a copy of both (`orders.tax_exempt_certificate`, `orders.tax_exempt_until`): the
 *   order says why, whatever happens to the practice's certificate later.
 */
export class AddressBookTaxExemption1765810000000 implements MigrationInterface {
  name = 'AddressBookTaxExemption1765810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "practice_addresses" (
        "id" SERIAL NOT NULL,
        "practice_id" integer NOT NULL,
        "label" text NOT NULL,
        "full_name" text NOT NULL,
        "address" text NOT NULL,
        "city" text NOT NULL,
        "state" text NOT NULL,
        "zip_code" text NOT NULL,
        "is_default" boolean NOT NULL DEFAULT false,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_practice_addresses" PRIMARY KEY ("id"),
        CONSTRAINT "FK_practice_addresses_practice" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_practice_addresses_practice" ON "practice_addresses" ("practice_id", "id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_practice_addresses_default" ON "practice_addresses" ("practice_id") WHERE "is_default"`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_practice_addresses_label" ON "practice_addresses" ("practice_id", lower("label"))`);
    await queryRunner.query(`ALTER TABLE "practices" ADD "tax_exempt_certificate" text`);
    await queryRunner.query(`ALTER TABLE "practices" ADD "tax_exempt_until" date`);
    await queryRunner.query(
      `ALTER TABLE "practices" ADD CONSTRAINT "CHK_practices_tax_exempt" CHECK (("tax_exempt_certificate" IS NULL) = ("tax_exempt_until" IS NULL))`,
    );
    await queryRunner.query(`ALTER TABLE "orders" ADD "tax_exempt_certificate" text`);
    await queryRunner.query(`ALTER TABLE "orders" ADD "tax_exempt_until" date`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "tax_exempt_until"`);
    await queryRunner.query(`ALTER TABLE "orders" DROP COLUMN "tax_exempt_certificate"`);
    await queryRunner.query(`ALTER TABLE "practices" DROP CONSTRAINT "CHK_practices_tax_exempt"`);
    await queryRunner.query(`ALTER TABLE "practices" DROP COLUMN "tax_exempt_until"`);
    await queryRunner.query(`ALTER TABLE "practices" DROP COLUMN "tax_exempt_certificate"`);
    await queryRunner.query(`DROP TABLE "practice_addresses"`);
  }
}
