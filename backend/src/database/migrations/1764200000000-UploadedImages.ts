import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Uploaded product images, content-addressed (sha256 of the stored bytes), so any API instance serves them. */
export class UploadedImages1764200000000 implements MigrationInterface {
  name = 'UploadedImages1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "images" (
        "sha256" text NOT NULL,
        "content_type" text NOT NULL,
        "bytes" bytea NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_images" PRIMARY KEY ("sha256"),
        CONSTRAINT "CHK_images_content_type" CHECK ("content_type" IN ('image/jpeg', 'image/png', 'image/gif', 'image/webp'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "images"`);
  }
}
