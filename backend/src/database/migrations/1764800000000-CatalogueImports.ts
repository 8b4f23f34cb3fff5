import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue CSV imports (imports/): one row per uploaded file with its dry run's figures and, once
 * applied, its progress and result; one row per data row of the file with what the dry run found
 * (`action`), the normalised values to write (`data`), its messages (`errors`, the apply's appended)
 * and what the apply did (`applied`). The apply goes through the rows in line order from
 * `cursor_line`, a batch per transaction, so a restarted job resumes where the last commit left it.
 * Imports are kept for seven days.
 */
export class CatalogueImports1764800000000 implements MigrationInterface {
  name = 'CatalogueImports1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "catalogue_imports" (
        "id" uuid NOT NULL,
        "filename" text NOT NULL,
        "created_by" integer,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "status" text NOT NULL DEFAULT 'ready',
        "create_categories" boolean NOT NULL,
        "columns" text[] NOT NULL,
        "unknown_columns" text[] NOT NULL,
        "missing_categories" jsonb NOT NULL DEFAULT '[]',
        "total" integer NOT NULL DEFAULT 0,
        "count_create" integer NOT NULL DEFAULT 0,
        "count_update" integer NOT NULL DEFAULT 0,
        "count_unchanged" integer NOT NULL DEFAULT 0,
        "count_error" integer NOT NULL DEFAULT 0,
        "rows_done" integer NOT NULL DEFAULT 0,
        "cursor_line" integer NOT NULL DEFAULT 1,
        "result_create" integer NOT NULL DEFAULT 0,
        "result_update" integer NOT NULL DEFAULT 0,
        "result_unchanged" integer NOT NULL DEFAULT 0,
        "result_error" integer NOT NULL DEFAULT 0,
        "failure" text,
        "finished_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_catalogue_imports" PRIMARY KEY ("id"),
        CONSTRAINT "CHK_catalogue_imports_status" CHECK ("status" IN ('ready', 'queued', 'applying', 'applied', 'failed')),
        CONSTRAINT "FK_catalogue_imports_created_by" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_catalogue_imports_created" ON "catalogue_imports" ("created_at" DESC, "id" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "catalogue_import_rows" (
        "import_id" uuid NOT NULL,
        "line" integer NOT NULL,
        "action" text NOT NULL,
        "slug" text,
        "label" text,
        "data" jsonb,
        "errors" jsonb,
        "applied" text,
        CONSTRAINT "PK_catalogue_import_rows" PRIMARY KEY ("import_id", "line"),
        CONSTRAINT "CHK_catalogue_import_rows_action" CHECK ("action" IN ('create', 'update', 'unchanged', 'error')),
        CONSTRAINT "CHK_catalogue_import_rows_applied" CHECK ("applied" IN ('create', 'update', 'unchanged', 'error')),
        CONSTRAINT "FK_catalogue_import_rows_import" FOREIGN KEY ("import_id") REFERENCES "catalogue_imports"("id") ON DELETE CASCADE
      )`);
    // the errors page: only the rows with messages, in line order
    await queryRunner.query(`CREATE INDEX "IDX_catalogue_import_rows_errors" ON "catalogue_import_rows" ("import_id", "line") WHERE "errors" IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "catalogue_import_rows"`);
    await queryRunner.query(`DROP TABLE "catalogue_imports"`);
  }
}
