import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the in-process search index (catalog/search/search-index.service.ts) needs to follow the
 * products table without reading it whole again: the transaction that last wrote each product
 * (`changed_txid`, a 64-bit transaction id that never wraps, set by a BEFORE trigger on every insert
 * and update, indexed) and the products deleted (`product_deletions`, by an AFTER DELETE trigger).
 *
 * An index refresh reads the rows whose `changed_txid` is at least the oldest transaction that was
 * still running at its previous read (`pg_snapshot_xmin`): a transaction that commits after a read
 * is never missed (ids are handed out before commit, so "greater than the last id seen" would miss
 * one that started earlier and committed later), and a row read twice is simply applied again.
 */
export class ProductChanges1765000000000 implements MigrationInterface {
  name = 'ProductChanges1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // existing rows read 0 (older than any refresh: a full load reads them), without rewriting the
    // table (a constant default is stored once, not written into 100,000 rows as an UPDATE would,
    // leaving as many dead rows behind); the trigger below sets every later write
    await queryRunner.query(`ALTER TABLE "products" ADD "changed_txid" bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`ALTER TABLE "products" ALTER COLUMN "changed_txid" DROP DEFAULT`);
    await queryRunner.query(`CREATE INDEX "IDX_products_changed_txid" ON "products" ("changed_txid")`);
    await queryRunner.query(`
      CREATE FUNCTION "products_changed_txid"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."changed_txid" := pg_current_xact_id()::text::bigint;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "changed_txid" BEFORE INSERT OR UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_changed_txid"()`);

    await queryRunner.query(`
      CREATE TABLE "product_deletions" (
        "product_id" integer NOT NULL,
        "txid" bigint NOT NULL DEFAULT pg_current_xact_id()::text::bigint,
        "deleted_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_product_deletions_txid" ON "product_deletions" ("txid")`);
    await queryRunner.query(`
      CREATE FUNCTION "products_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "product_deletions" ("product_id") SELECT o."id" FROM old_rows o;
        RETURN NULL;
      END $$`);
    // one statement per delete, however many rows it removes (a transition table, not a row trigger)
    await queryRunner.query(`
      CREATE TRIGGER "product_deletions" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION "products_deleted"()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "product_deletions" ON "products"`);
    await queryRunner.query(`DROP FUNCTION "products_deleted"()`);
    await queryRunner.query(`DROP TABLE "product_deletions"`);
    await queryRunner.query(`DROP TRIGGER "changed_txid" ON "products"`);
    await queryRunner.query(`DROP FUNCTION "products_changed_txid"()`);
    await queryRunner.query(`DROP INDEX "IDX_products_changed_txid"`);
    await queryRunner.query(`ALTER TABLE "products" DROP COLUMN "changed_txid"`);
  }
}
