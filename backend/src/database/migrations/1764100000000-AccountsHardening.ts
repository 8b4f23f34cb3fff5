import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Usernames and emails unique without regard to case (`Admin` can no longer register beside
 * `admin`; login finds the account whatever the case), and the failed-login counts that every API
 * instance shares. Accounts that already differ only in case are reported, never merged: the
 * migration stops with their names, and an admin resolves them before the API starts again.
 */
export class AccountsHardening1764100000000 implements MigrationInterface {
  name = 'AccountsHardening1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['username', 'email']) {
      const clashes: Array<{ value: string; accounts: string }> = await queryRunner.query(
        `SELECT lower("${column}") AS value, string_agg("${column}" || ' (id ' || "id" || ')', ', ' ORDER BY "id") AS accounts
           FROM "users" GROUP BY lower("${column}") HAVING count(*) > 1 ORDER BY 1`,
      );
      if (clashes.length > 0) {
        throw new Error(
          `Cannot make ${column}s case-insensitive: these accounts differ only in case: ` +
            `${clashes.map((c) => c.accounts).join('; ')}. Rename or remove the extra accounts, then start again.`,
        );
      }
    }
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_username_lower" ON "users" (lower("username"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_users_email_lower" ON "users" (lower("email"))`);

    await queryRunner.query(`
      CREATE TABLE "login_attempts" (
        "key" text NOT NULL,
        "failures" integer NOT NULL DEFAULT 0,
        "last_failure_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "blocked_until" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_login_attempts" PRIMARY KEY ("key")
      )`);
    await queryRunner.query(`CREATE INDEX "IDX_login_attempts_last_failure_at" ON "login_attempts" ("last_failure_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "login_attempts"`);
    await queryRunner.query(`DROP INDEX "UQ_users_email_lower"`);
    await queryRunner.query(`DROP INDEX "UQ_users_username_lower"`);
  }
}
