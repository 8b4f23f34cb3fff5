import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search over a weighted document per product (catalog/product-queries.ts): name (A),
 * manufacturer (B), category and subcategory names (C), description (D), in the 'english'
 * configuration, behind a GIN index.
 *
 * A generated column cannot read the category tables, so the column is kept by triggers: a BEFORE
 * trigger on products computes it whenever a row is inserted or one of its sources changes, and an
 * AFTER trigger on categories and subcategories re-computes the products of a renamed one (only
 * those; at 100k products on the 2-core dev machine, renaming a category of 9,906 products took
 * about 8 s (mostly its 27 indexes), and the trigger adds about 0.25 ms to each written product, 5.0 s instead of 3.8 s
 * for 5,000). Removing a subcategory sets the products' subcategory_id to NULL, which fires the
 * products trigger too.
 *
 * Also a plain btree on manufacturer: the list's manufacturer filter (exact match) and the
 * facets' per-manufacturer counts.
 */
export class ProductSearchDocument1764700000000 implements MigrationInterface {
  name = 'ProductSearchDocument1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "products" ADD "search_document" tsvector`);
    // the one definition of the document; plpgsql keeps the plans of its two lookups
    await queryRunner.query(`
      CREATE FUNCTION "products_search_document_row"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."search_document" :=
          setweight(to_tsvector('english', coalesce(NEW."name", '')), 'A')
          || setweight(to_tsvector('english', coalesce(NEW."manufacturer", '')), 'B')
          || setweight(to_tsvector('english',
               coalesce((SELECT c."name" FROM "categories" c WHERE c."id" = NEW."category_id"), '') || ' ' ||
               coalesce((SELECT s."name" FROM "subcategories" s WHERE s."id" = NEW."subcategory_id"), '')), 'C')
          || setweight(to_tsvector('english', coalesce(NEW."description", '')), 'D');
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "search_document" BEFORE INSERT OR UPDATE OF "name", "manufacturer", "description", "category_id", "subcategory_id"
      ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_document_row"()`);
    // existing rows: through the trigger
    await queryRunner.query(`UPDATE "products" SET "name" = "name"`);
    await queryRunner.query(`ALTER TABLE "products" ALTER COLUMN "search_document" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_products_search_document" ON "products" USING gin ("search_document")`);
    await queryRunner.query(`CREATE INDEX "IDX_products_manufacturer" ON "products" ("manufacturer")`);

    // a rename re-computes its products' documents, again through the products trigger
    await queryRunner.query(`
      CREATE FUNCTION "products_search_document_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'categories' THEN
          UPDATE "products" SET "category_id" = "category_id" WHERE "category_id" = NEW."id";
        ELSE
          UPDATE "products" SET "subcategory_id" = "subcategory_id" WHERE "subcategory_id" = NEW."id";
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of ['categories', 'subcategories']) {
      await queryRunner.query(`
        CREATE TRIGGER "search_document" AFTER UPDATE OF "name" ON "${table}"
        FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION "products_search_document_renamed"()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['categories', 'subcategories', 'products']) await queryRunner.query(`DROP TRIGGER "search_document" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "products_search_document_renamed"()`);
    await queryRunner.query(`DROP FUNCTION "products_search_document_row"()`);
    await queryRunner.query(`DROP INDEX "IDX_products_manufacturer"`);
    await queryRunner.query(`DROP INDEX "IDX_products_search_document"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "search_document"`);
  }
}
