import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Sorts of catalog/product-queries.ts, each ending in id so a page is a stable index walk. */
const SORTS: Record<string, string> = {
  name: '"name", "id"',
  price: '"price", "id"',
  newest: '"created_at" DESC, "id" DESC',
  rating: '"rating" DESC NULLS LAST, "reviews_count" DESC, "id"',
};
/** Filters the API sorts within: each gets every sort behind it (they replace the plain indexes). */
const PREFIXES: Record<string, string> = { type: '"product_type"', category: '"category_id"', subcategory: '"subcategory_id"' };
const PLAIN = { product_type: 'IDX_products_product_type', category_id: 'IDX_products_category_id', subcategory_id: 'IDX_products_subcategory_id' };

function sortIndexes(): [name: string, columns: string][] {
  const indexes: [string, string][] = Object.entries(SORTS).map(([sort, columns]) => [`IDX_products_${sort}`, columns]);
  for (const [prefix, column] of Object.entries(PREFIXES)) {
    for (const [sort, columns] of Object.entries(SORTS)) indexes.push([`IDX_products_${prefix}_${sort}`, `${column}, ${columns}`]);
  }
  return indexes;
}

/**
 * At a supplier's scale (100k products) every catalogue sort and filter is served by an index
 * (no scan and sort of the table per request); featured/new are small subsets, so partial indexes.
 * `catalogue_state.version` changes in the same transaction as any write to the catalogue tables,
 * whoever makes it (API instance, seed, psql), so ETags derived from it never outlive the data.
 * A counter row rather than a sequence: nextval is not transactional and would announce a version
 * before its data is visible.
 */
export class CatalogueIndexes1764400000000 implements MigrationInterface {
  name = 'CatalogueIndexes1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, columns] of sortIndexes()) await queryRunner.query(`CREATE INDEX "${name}" ON "products" (${columns})`);
    await queryRunner.query(`CREATE INDEX "IDX_products_featured" ON "products" ("name", "id") WHERE "is_featured"`);
    await queryRunner.query(`CREATE INDEX "IDX_products_new" ON "products" ("name", "id") WHERE "is_new"`);
    // the admin grid searches manufacturer with ILIKE too
    await queryRunner.query(`CREATE INDEX "IDX_products_manufacturer_trgm" ON "products" USING gin ("manufacturer" gin_trgm_ops)`);
    for (const name of Object.values(PLAIN)) await queryRunner.query(`DROP INDEX "${name}"`);

    await queryRunner.query(`
      CREATE TABLE "catalogue_state" (
        "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
        "version" bigint NOT NULL
      )`);
    await queryRunner.query(`INSERT INTO "catalogue_state" ("version") VALUES (1)`);
    await queryRunner.query(`
      CREATE FUNCTION "catalogue_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "catalogue_state" SET "version" = "version" + 1;
        RETURN NULL;
      END $$`);
    for (const table of ['products', 'categories', 'subcategories']) {
      // per statement, so a bulk import bumps once rather than once per row
      await queryRunner.query(
        `CREATE TRIGGER "catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump_version"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['products', 'categories', 'subcategories']) await queryRunner.query(`DROP TRIGGER "catalogue_version" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "catalogue_bump_version"()`);
    await queryRunner.query(`DROP TABLE "catalogue_state"`);
    for (const [column, name] of Object.entries(PLAIN)) await queryRunner.query(`CREATE INDEX "${name}" ON "products" ("${column}")`);
    await queryRunner.query(`DROP INDEX "IDX_products_manufacturer_trgm"`);
    await queryRunner.query(`DROP INDEX "IDX_products_new"`);
    await queryRunner.query(`DROP INDEX "IDX_products_featured"`);
    for (const [name] of sortIndexes().reverse()) await queryRunner.query(`DROP INDEX "${name}"`);
  }
}
