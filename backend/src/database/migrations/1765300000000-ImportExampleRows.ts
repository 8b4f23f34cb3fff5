import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue imports (issue 32): the template's example rows are skipped, never created or updated,
 * and the dry run lists the rows it will create and update.
 * - `catalogue_import_rows.action` may be 'skipped': an unedited example row (imports/example-rows.ts),
 *   which the apply passes over.
 * - `catalogue_imports.review`: how many rows each of create, update and skipped has, and the first
 *   ones (line, slug, name), gathered while the dry run reads the file, so a report never scans an
 *   import's rows. NULL for the imports made before.
 */
export class ImportExampleRows1765300000000 implements MigrationInterface {
  name = 'ImportExampleRows1765300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue_import_rows" DROP CONSTRAINT "CHK_catalogue_import_rows_action"`);
    await queryRunner.query(`ALTER TABLE "catalogue_import_rows" ADD CONSTRAINT "CHK_catalogue_import_rows_action" CHECK ("action" IN ('create', 'update', 'unchanged', 'error', 'skipped'))`);
    await queryRunner.query(`ALTER TABLE "catalogue_imports" ADD "review" jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "catalogue_imports" DROP COLUMN "review"`);
    // an import with skipped rows cannot be described by the old constraint: it goes
    await queryRunner.query(`DELETE FROM "catalogue_imports" WHERE "id" IN (SELECT "import_id" FROM "catalogue_import_rows" WHERE "action" = 'skipped')`);
    await queryRunner.query(`ALTER TABLE "catalogue_import_rows" DROP CONSTRAINT "CHK_catalogue_import_rows_action"`);
    await queryRunner.query(`ALTER TABLE "catalogue_import_rows" ADD CONSTRAINT "CHK_catalogue_import_rows_action" CHECK ("action" IN ('create', 'update', 'unchanged', 'error'))`);
  }
}
