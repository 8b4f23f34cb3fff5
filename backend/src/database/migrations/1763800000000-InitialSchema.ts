import type { MigrationInterface, QueryRunner } from 'typeorm';

/** SPEC §3: users, categories, subcategories, products, their enums, plus connect-pg-simple's session table. */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "product_type" AS ENUM ('affiliate', 'service', 'equipment')`);
    await queryRunner.query(`CREATE TYPE "user_role" AS ENUM ('admin', 'customer')`);

    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" SERIAL NOT NULL,
        "username" text NOT NULL,
        "password" text NOT NULL,
        "email" text NOT NULL,
        "full_name" text,
        "role" "user_role" NOT NULL DEFAULT 'customer',
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_users" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_users_username" UNIQUE ("username"),
        CONSTRAINT "UQ_users_email" UNIQUE ("email")
      )`);

    await queryRunner.query(`
      CREATE TABLE "categories" (
        "id" SERIAL NOT NULL,
        "name" text NOT NULL,
        "description" text,
        "icon" text NOT NULL DEFAULT 'fa-folder',
        "slug" text NOT NULL,
        "product_type" "product_type" NOT NULL,
        "sort_order" integer NOT NULL DEFAULT 999,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_categories" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_categories_slug" UNIQUE ("slug")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_categories_product_type" ON "categories" ("product_type")`);

    await queryRunner.query(`
      CREATE TABLE "subcategories" (
        "id" SERIAL NOT NULL,
        "name" text NOT NULL,
        "description" text,
        "category_id" integer NOT NULL,
        "slug" text NOT NULL,
        "sort_order" integer NOT NULL DEFAULT 999,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_subcategories" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_subcategories_slug" UNIQUE ("slug"),
        CONSTRAINT "FK_subcategories_category" FOREIGN KEY ("category_id")
          REFERENCES "categories" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_subcategories_category_id" ON "subcategories" ("category_id")`);

    await queryRunner.query(`
      CREATE TABLE "products" (
        "id" SERIAL NOT NULL,
        "name" text NOT NULL,
        "description" text NOT NULL,
        "price" numeric(10,2) NOT NULL,
        "image_url" text,
        "image_data" text,
        "image_type" text,
        "category_id" integer NOT NULL,
        "subcategory_id" integer,
        "manufacturer" text NOT NULL,
        "specifications" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "product_type" "product_type" NOT NULL,
        "external_link" text,
        "affiliate_link" text,
        "service_details" jsonb,
        "features" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "is_featured" boolean NOT NULL DEFAULT false,
        "is_new" boolean NOT NULL DEFAULT false,
        "rating" numeric(3,1),
        "reviews_count" integer NOT NULL DEFAULT 0,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "slug" text NOT NULL,
        "in_stock" boolean NOT NULL DEFAULT true,
        "delivery_time" text,
        "warranty" text,
        CONSTRAINT "PK_products" PRIMARY KEY ("id"),
        CONSTRAINT "UQ_products_slug" UNIQUE ("slug"),
        CONSTRAINT "FK_products_category" FOREIGN KEY ("category_id")
          REFERENCES "categories" ("id") ON DELETE RESTRICT,
        CONSTRAINT "FK_products_subcategory" FOREIGN KEY ("subcategory_id")
          REFERENCES "subcategories" ("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_products_product_type" ON "products" ("product_type")`);
    await queryRunner.query(`CREATE INDEX "IDX_products_category_id" ON "products" ("category_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_products_subcategory_id" ON "products" ("subcategory_id")`);

    // connect-pg-simple's table (its table.sql), owned by our migrations rather than created on the fly.
    await queryRunner.query(`
      CREATE TABLE "session" (
        "sid" varchar NOT NULL COLLATE "default",
        "sess" json NOT NULL,
        "expire" timestamp(6) NOT NULL,
        CONSTRAINT "session_pkey" PRIMARY KEY ("sid")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "session"`);
    await queryRunner.query(`DROP TABLE "products"`);
    await queryRunner.query(`DROP TABLE "subcategories"`);
    await queryRunner.query(`DROP TABLE "categories"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TYPE "user_role"`);
    await queryRunner.query(`DROP TYPE "product_type"`);
  }
}
