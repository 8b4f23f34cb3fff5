import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin's Customers tab (issue 21):
 * - `users.disabled_at`: a disabled account cannot sign in, and its sessions are refused.
 * - `customer_stats`: each account's order count, total spent (cancelled orders excluded, cents) and
 *   last order, kept by triggers on `orders` in the transaction that writes the order, so the grid
 *   sorts a million orders' customers by an index walk instead of aggregating `orders` per page.
 *   Every account has its row (a trigger on `users` makes it), so sorting never needs an outer join.
 * - prefix search over usernames and emails (`text_pattern_ops`), and a domain search over emails.
 * - the session rows of one user found by an index on the user id inside connect-pg-simple's JSON.
 */
export class Customers1764900000000 implements MigrationInterface {
  name = 'Customers1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "disabled_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`
      CREATE TABLE "customer_stats" (
        "user_id" integer NOT NULL,
        "orders" integer NOT NULL DEFAULT 0,
        "spent_cents" bigint NOT NULL DEFAULT 0,
        "last_order_at" TIMESTAMP WITH TIME ZONE,
        CONSTRAINT "PK_customer_stats" PRIMARY KEY ("user_id"),
        CONSTRAINT "FK_customer_stats_user" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      INSERT INTO customer_stats (user_id, orders, spent_cents, last_order_at)
      SELECT u.id, count(o.id)::int, coalesce(sum(o.total_cents) FILTER (WHERE o.status <> 'cancelled'), 0), max(o.created_at)
        FROM users u LEFT JOIN orders o ON o.user_id = u.id
       GROUP BY u.id`);
    await queryRunner.query(`
      CREATE FUNCTION customer_stats_new_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO customer_stats (user_id) VALUES (NEW.id);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER customer_stats_new_user AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION customer_stats_new_user()`);
    // an order counts for its account when placed; its amount leaves the total while it is cancelled
    await queryRunner.query(`
      CREATE FUNCTION customer_stats_order() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE customer_stats
             SET orders = orders + 1,
                 spent_cents = spent_cents + CASE WHEN NEW.status = 'cancelled' THEN 0 ELSE NEW.total_cents END,
                 last_order_at = greatest(last_order_at, NEW.created_at)
           WHERE user_id = NEW.user_id;
        ELSIF (OLD.status = 'cancelled') <> (NEW.status = 'cancelled') THEN
          UPDATE customer_stats
             SET spent_cents = spent_cents + CASE WHEN NEW.status = 'cancelled' THEN -OLD.total_cents ELSE NEW.total_cents END
           WHERE user_id = NEW.user_id;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER customer_stats_order_insert AFTER INSERT ON orders FOR EACH ROW WHEN (NEW.user_id IS NOT NULL) EXECUTE FUNCTION customer_stats_order()`);
    await queryRunner.query(
      `CREATE TRIGGER customer_stats_order_status AFTER UPDATE OF status ON orders FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION customer_stats_order()`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_customer_stats_orders" ON "customer_stats" ("orders", "user_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_customer_stats_spent" ON "customer_stats" ("spent_cents", "user_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_customer_stats_last_order" ON "customer_stats" ("last_order_at", "user_id")`);
    await queryRunner.query(`CREATE INDEX "IDX_users_created" ON "users" ("created_at", "id")`);
    await queryRunner.query(`CREATE INDEX "IDX_users_username_prefix" ON "users" (lower("username") text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_users_email_prefix" ON "users" (lower("email") text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_users_email_suffix" ON "users" (reverse(lower("email")) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_session_user" ON "session" ((("sess" -> 'passport') ->> 'user'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_session_user"`);
    await queryRunner.query(`DROP INDEX "IDX_users_email_suffix"`);
    await queryRunner.query(`DROP INDEX "IDX_users_email_prefix"`);
    await queryRunner.query(`DROP INDEX "IDX_users_username_prefix"`);
    await queryRunner.query(`DROP INDEX "IDX_users_created"`);
    await queryRunner.query(`DROP TRIGGER customer_stats_order_status ON orders`);
    await queryRunner.query(`DROP TRIGGER customer_stats_order_insert ON orders`);
    await queryRunner.query(`DROP FUNCTION customer_stats_order()`);
    await queryRunner.query(`DROP TRIGGER customer_stats_new_user ON users`);
    await queryRunner.query(`DROP FUNCTION customer_stats_new_user()`);
    await queryRunner.query(`DROP TABLE "customer_stats"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "disabled_at"`);
  }
}
