import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Product search (`ILIKE '%term%'` over name and description) through trigram indexes instead of a
 * scan of every product: pg_trgm is a trusted extension, so the database's owner may create it.
 */
export class ProductSearchIndexes1764300000000 implements MigrationInterface {
  name = 'ProductSearchIndexes1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX "IDX_products_name_trgm" ON "products" USING gin ("name" gin_trgm_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_products_description_trgm" ON "products" USING gin ("description" gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_products_description_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_products_name_trgm"`);
  }
}
