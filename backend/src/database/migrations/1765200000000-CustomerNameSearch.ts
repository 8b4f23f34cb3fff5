import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Customers tab's search by name (issue 32): 'smith' or 'Jane' finds 'Dr. Jane Smith'. A GIN
 * index over the words of `users.full_name` (the 'simple' configuration: lower case, no stemming,
 * no stop words), which customer-queries.ts matches as prefixes (`'jan':*`): any word, from its
 * start, a one-letter term included (a prefix probe reads the index's entries from that letter on;
 * a trigram index cannot serve a term shorter than three letters without reading all of it).
 * '.', '/', '@' and '~' become spaces first, so 'Dr.Jane' or 'smith/jones' are words of their own
 * rather than one host or path token of PostgreSQL's parser.
 */
export class CustomerNameSearch1765200000000 implements MigrationInterface {
  name = 'CustomerNameSearch1765200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_users_full_name_words" ON "users" USING gin (to_tsvector('simple', translate("full_name", './@~', '    ')))`);
    // the statistics of the indexed expression, for the planner's estimate of a name's matches
    await queryRunner.query(`ANALYZE "users"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_users_full_name_words"`);
  }
}
