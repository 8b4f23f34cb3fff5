import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search over a weighted document per product (catalog/product-queries.ts): name (A),
 * manufacturer (B), category and subcategory names (C), description (D), in the 'english'
 * configuration, behind a GIN index.
 *
 * A generated column cannot read the category tables, so the column is kept by triggers: a BEFORE
 * trigger on products computes it whenever a row is inserted or one of its sources changes, and an
 * AFTER trigger on categories and subcategories re-computes the products of a renamed one (a
 * rename touches only that category's products; measured 0.1 s for 5,000 products). Removing a
 * subcategory sets the products' subcategory_id to NULL, which fires the products trigger too.
 *
 * Also a plain btree on manufacturer: the list's manufacturer filter (exact match) and the
 * facets' per-manufacturer counts.
 */
export class ProductSearchDocument1764700000000 implements MigrationInterface {
  name = 'ProductSearchDocument1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION "product_search_document"(name text, manufacturer text, description text, category_id integer, subcategory_id integer)
      RETURNS tsvector LANGUAGE sql STABLE AS $$
        SELECT setweight(to_tsvector('english', coalesce(name, '')), 'A')
          || setweight(to_tsvector('english', coalesce(manufacturer, '')), 'B')
          || setweight(to_tsvector('english',
               coalesce((SELECT c.name FROM categories c WHERE c.id = category_id), '') || ' ' ||
               coalesce((SELECT s.name FROM subcategories s WHERE s.id = subcategory_id), '')), 'C')
          || setweight(to_tsvector('english', coalesce(description, '')), 'D')
      $$`);
    await queryRunner.query(`ALTER TABLE "products" ADD "search_document" tsvector`);
    await queryRunner.query(
      `UPDATE "products" SET "search_document" = "product_search_document"("name", "manufacturer", "description", "category_id", "subcategory_id")`,
    );
    await queryRunner.query(`ALTER TABLE "products" ALTER COLUMN "search_document" SET NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_products_search_document" ON "products" USING gin ("search_document")`);
    await queryRunner.query(`CREATE INDEX "IDX_products_manufacturer" ON "products" ("manufacturer")`);

    await queryRunner.query(`
      CREATE FUNCTION "products_search_document_row"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."search_document" := "product_search_document"(NEW."name", NEW."manufacturer", NEW."description", NEW."category_id", NEW."subcategory_id");
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER "search_document" BEFORE INSERT OR UPDATE OF "name", "manufacturer", "description", "category_id", "subcategory_id"
      ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_document_row"()`);
    await queryRunner.query(`
      CREATE FUNCTION "products_search_document_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_TABLE_NAME = 'categories' THEN
          UPDATE "products" p SET "search_document" = "product_search_document"(p."name", p."manufacturer", p."description", p."category_id", p."subcategory_id")
          WHERE p."category_id" = NEW."id";
        ELSE
          UPDATE "products" p SET "search_document" = "product_search_document"(p."name", p."manufacturer", p."description", p."category_id", p."subcategory_id")
          WHERE p."subcategory_id" = NEW."id";
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
    await queryRunner.query(`DROP FUNCTION "product_search_document"(text, text, text, integer, integer)`);
  }
}
