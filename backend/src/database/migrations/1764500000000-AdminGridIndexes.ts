import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin grid's sorts that CatalogueIndexes has no index for (catalog/admin-product-queries.ts):
 * price with unpriced rows (0: 'Get a Quote', partner products) last in both directions, which
 * takes one index per direction, and stock. Name, type, category and date use the existing ones.
 */
const INDEXES: Record<string, string> = {
  IDX_products_listed_price_asc: '(NULLIF("price", 0)) ASC NULLS LAST, "id"',
  IDX_products_listed_price_desc: '(NULLIF("price", 0)) DESC NULLS LAST, "id" DESC',
  IDX_products_in_stock_name: '"in_stock", "name", "id"',
};

export class AdminGridIndexes1764500000000 implements MigrationInterface {
  name = 'AdminGridIndexes1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, columns] of Object.entries(INDEXES)) await queryRunner.query(`CREATE INDEX "${name}" ON "products" (${columns})`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const name of Object.keys(INDEXES).reverse()) await queryRunner.query(`DROP INDEX "${name}"`);
  }
}
