import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Practices (issue 36): every customer account belongs to a practice, with a role in it (owner,
 * purchaser, assistant); admins belong to none (CHK_users_practice). Each existing customer becomes
 * the owner of a one-person practice named after them (the full name, else the username), created
 * when the account was; nothing else of the account changes. A customer always has a practice and
 * a role (CHK_users_practice); an account made an admin keeps its columns but counts in no practice. Orders and service requests carry the
 * practice they were made for (`practice_id`, filled here from the account's new practice, and for a
 * new row by a trigger from the account's practice at the time), so every member sees them, and a
 * member who leaves leaves them with the practice. Invitations keep only the SHA-256 of their link's
 * token; their emails' sent-markers are one row per send.
 */
export class Practices1765600000000 implements MigrationInterface {
  name = 'Practices1765600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."practice_role" AS ENUM ('owner', 'purchaser', 'assistant')`);
    await queryRunner.query(`
      CREATE TABLE "practices" (
        "id" SERIAL NOT NULL,
        "name" text NOT NULL,
        "phone" text,
        "tax_id" text,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_practices" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`ALTER TABLE "users" ADD "practice_id" integer`);
    await queryRunner.query(`ALTER TABLE "users" ADD "practice_role" "public"."practice_role"`);
    // each customer a practice of its own: its id drawn first, then the practice made under it
    await queryRunner.query(`UPDATE "users" SET "practice_id" = nextval('practices_id_seq'), "practice_role" = 'owner' WHERE "role" = 'customer'`);
    await queryRunner.query(`
      INSERT INTO "practices" ("id", "name", "created_at", "updated_at")
      SELECT "practice_id", coalesce(nullif(btrim("full_name"), ''), "username"), "created_at", "created_at" FROM "users" WHERE "practice_id" IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_users_practice" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`
      ALTER TABLE "users" ADD CONSTRAINT "CHK_users_practice" CHECK ("role" <> 'customer' OR ("practice_id" IS NOT NULL AND "practice_role" IS NOT NULL))`);
    await queryRunner.query(`CREATE INDEX "IDX_users_practice" ON "users" ("practice_id")`);

    for (const table of ['orders', 'service_requests']) {
      await queryRunner.query(`ALTER TABLE "${table}" ADD "practice_id" integer`);
      await queryRunner.query(`UPDATE "${table}" t SET "practice_id" = u."practice_id" FROM "users" u WHERE u."id" = t."user_id"`);
    }
    await queryRunner.query(
      `ALTER TABLE "orders" ADD CONSTRAINT "FK_orders_practice" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "service_requests" ADD CONSTRAINT "FK_service_requests_practice" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE NO ACTION ON UPDATE NO ACTION`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_orders_practice_created" ON "orders" ("practice_id", "created_at" DESC, "id" DESC) WHERE "practice_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_service_requests_practice_created" ON "service_requests" ("practice_id", "created_at" DESC) WHERE "practice_id" IS NOT NULL`);
    // a new order or request of an account is its practice's (the statement that places an order stays as it is)
    await queryRunner.query(`
      CREATE FUNCTION practice_of_account() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.practice_id := (SELECT practice_id FROM users WHERE id = NEW.user_id);
        RETURN NEW;
      END $$`);
    for (const table of ['orders', 'service_requests']) {
      await queryRunner.query(
        `CREATE TRIGGER practice_of_account BEFORE INSERT ON "${table}" FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.practice_id IS NULL) EXECUTE FUNCTION practice_of_account()`,
      );
    }

    await queryRunner.query(`
      CREATE TABLE "practice_invitations" (
        "id" uuid NOT NULL,
        "practice_id" integer NOT NULL,
        "email" text NOT NULL,
        "role" "public"."practice_role" NOT NULL,
        "token_hash" text NOT NULL,
        "version" integer NOT NULL DEFAULT 1,
        "invited_by" integer,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL,
        "accepted_at" TIMESTAMP WITH TIME ZONE,
        "accepted_by" integer,
        "revoked_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_practice_invitations" PRIMARY KEY ("id"),
        CONSTRAINT "FK_practice_invitations_practice" FOREIGN KEY ("practice_id") REFERENCES "practices"("id") ON DELETE CASCADE,
        CONSTRAINT "FK_practice_invitations_invited_by" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE SET NULL,
        CONSTRAINT "FK_practice_invitations_accepted_by" FOREIGN KEY ("accepted_by") REFERENCES "users"("id") ON DELETE SET NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_practice_invitations_token_hash" ON "practice_invitations" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "IDX_practice_invitations_practice" ON "practice_invitations" ("practice_id", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "practice_invitation_emails_sent" (
        "send_id" uuid NOT NULL,
        "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "PK_practice_invitation_emails_sent" PRIMARY KEY ("send_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "practice_invitation_emails_sent"`);
    await queryRunner.query(`DROP TABLE "practice_invitations"`);
    for (const table of ['orders', 'service_requests']) {
      await queryRunner.query(`DROP TRIGGER practice_of_account ON "${table}"`);
      await queryRunner.query(`ALTER TABLE "${table}" DROP COLUMN "practice_id"`);
    }
    await queryRunner.query(`DROP FUNCTION practice_of_account()`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "CHK_users_practice"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "practice_role"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "practice_id"`);
    await queryRunner.query(`DROP TABLE "practices"`);
    await queryRunner.query(`DROP TYPE "public"."practice_role"`);
  }
}
