import fs from 'node:fs';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from '../src/database/data-source.js';
import { startTestApp, type TestApp } from './helpers.js';

describe('the entities describe exactly what the migrations create', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({}, { seed: false });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('leaves nothing for TypeORM to change on a migrated database (indexes, constraint names, defaults)', async () => {
    const dataSource = t.app.get(DataSource);
    const pending = await dataSource.driver.createSchemaBuilder().log();
    // a non-empty list is the SQL a `migration:generate` would write: make the entities match it
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
    expect(await dataSource.showMigrations()).toBe(false);
  });

  it('registers every migration file in MIGRATIONS', () => {
    const files = fs
      .readdirSync(new URL('../src/database/migrations/', import.meta.url))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/^(\d+)-(\w+)\.ts$/, '$2$1'));
    expect(MIGRATIONS.map((migration) => migration.name).sort()).toEqual(files.sort());
  });
});
