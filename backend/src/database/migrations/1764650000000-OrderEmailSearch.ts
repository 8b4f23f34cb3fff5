import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin grid's email search through two B-tree indexes instead of a trigram index: an address
 * that starts with what the admin typed (`lower(email)`), or a domain it ends with (`reverse(lower(email))`,
 * for '@clinic.example'). Measured at 1,000,000 orders: '%buyer4242@%' through the trigram index
 * read the posting lists of trigrams every address shares ('buy', 'exa', …) for 180–310 ms; the
 * prefix probe reads a few index pages. Every checkout also writes one GIN entry set fewer.
 */
export class OrderEmailSearch1764650000000 implements MigrationInterface {
  name = 'OrderEmailSearch1764650000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_orders_email_prefix" ON "orders" (lower("email") text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX "IDX_orders_email_suffix" ON "orders" (reverse(lower("email")) text_pattern_ops)`);
    await queryRunner.query(`DROP INDEX "IDX_orders_email_trgm"`);
    // an expression index's statistics come from ANALYZE: without them the planner guesses 0.5 % of the
    // orders match an email prefix and walks the newest-first index past all million (0.7 s, not 0.7 ms)
    await queryRunner.query(`ANALYZE "orders"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_orders_email_trgm" ON "orders" USING gin ("email" gin_trgm_ops)`);
    await queryRunner.query(`DROP INDEX "IDX_orders_email_suffix"`);
    await queryRunner.query(`DROP INDEX "IDX_orders_email_prefix"`);
  }
}
