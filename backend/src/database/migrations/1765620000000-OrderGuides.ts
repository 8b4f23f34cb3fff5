import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Order guides (issue 36): a practice's named lists of products with default quantities, shared by
 * its members. A guide belongs to its practice (deleted with it); its name is unique in the practice
 * without regard to case. A line keeps its product's name and manufacturer as they were when added,
 * so a product deleted from the catalogue later (its `product_id` set to NULL by the foreign key)
 * still shows on the guide, and 'Add all to cart' names it as skipped instead of dropping it
 * silently. One line per product and guide; `position` is the line's place (0 first). New tables
 * only: nothing existing changes.
 */
export class OrderGuides1765620000000 implements MigrationInterface {
  name = 'OrderGuides1765620000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "order_guides" (
        "id" SERIAL NOT NULL,
        "practice_id" integer NOT NULL,
        "name" text NOT NULL,
        "created_by" integer,
        "updated_by" integer,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_order_guides" PRIMARY KEY ("id"),
        CONSTRAINT "FK_order_guides_practice" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_order_guides_created_by" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL,
        CONSTRAINT "FK_order_guides_updated_by" FOREIGN KEY ("updated_by") REFERENCES "users"("id") ON DELETE SET NULL,
        CONSTRAINT "CHK_order_guides_name" CHECK (length(btrim("name")) BETWEEN 1 AND 120)
      )`);
    // one name per practice whatever its case; the practice's list reads it in name order
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_order_guides_practice_name" ON "order_guides" ("practice_id", lower("name"))`);
    await queryRunner.query(`
      CREATE TABLE "order_guide_lines" (
        "id" SERIAL NOT NULL,
        "guide_id" integer NOT NULL,
        "product_id" integer,
        "position" smallint NOT NULL,
        "quantity" integer NOT NULL,
        "name" text NOT NULL,
        "manufacturer" text NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_order_guide_lines" PRIMARY KEY ("id"),
        CONSTRAINT "FK_order_guide_lines_guide" FOREIGN KEY ("guide_id") REFERENCES "order_guides"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_order_guide_lines_product" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE SET NULL,
        CONSTRAINT "CHK_order_guide_lines_quantity" CHECK ("quantity" BETWEEN 1 AND 999)
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_order_guide_lines_guide_position" ON "order_guide_lines" ("guide_id", "position", "id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_order_guide_lines_guide_product" ON "order_guide_lines" ("guide_id", "product_id") WHERE "product_id" IS NOT NULL`);
    // a product's deletion finds its guide lines by index (ON DELETE SET NULL)
    await queryRunner.query(`CREATE INDEX "IDX_order_guide_lines_product" ON "order_guide_lines" ("product_id") WHERE "product_id" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "order_guide_lines"`);
    await queryRunner.query(`DROP TABLE "order_guides"`);
  }
}
