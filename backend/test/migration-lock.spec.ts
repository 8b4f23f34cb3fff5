/**
 * Several processes starting at once on an empty database (a Kubernetes rollout's new pods,
 * docker-compose's two replicas) migrate it once: each takes the migration lock, the first applies
 * every migration, the others wait and then find nothing pending (deploy/kubernetes relies on it;
 * docs/deploy.md "Migrations").
 */
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { MIGRATION_LOCK_KEY, MIGRATIONS, openDatabase } from '../src/database/data-source.js';
import { EmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { eventually } from './eventually.js';
import { freshDatabase, tempDir } from './helpers.js';

describe('migrations under the migration lock', () => {
  let url: string;
  let cleanUp: () => Promise<void>;

  beforeAll(async () => {
    const fresh = await freshDatabase('migration_lock');
    if (fresh.env.DATABASE_URL) {
      url = fresh.env.DATABASE_URL;
      cleanUp = fresh.drop;
    } else {
      // the embedded server of a data directory of its own, with an empty database made in it
      const server = await EmbeddedPostgres.start(tempDir('migration-lock'));
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('CREATE DATABASE migration_lock').finally(() => admin.end());
      const target = new URL(server.url);
      target.pathname = '/migration_lock';
      url = target.toString();
      cleanUp = () => server.stop();
    }
  });

  afterAll(async () => {
    await cleanUp?.();
  });

  it('lets four processes starting together migrate an empty database once, all of them starting', async () => {
    const opened: DataSource[] = [];
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map(async () => {
        const dataSource = await openDatabase(url, 2);
        opened.push(dataSource);
      }),
    );
    try {
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const [{ count }] = await opened[0]!.query<[{ count: string }]>('SELECT count(*)::int AS count FROM typeorm_migrations');
      expect(Number(count)).toBe(MIGRATIONS.length);
      const duplicates = await opened[0]!.query('SELECT name FROM typeorm_migrations GROUP BY name HAVING count(*) > 1');
      expect(duplicates).toEqual([]);
    } finally {
      await Promise.all(opened.map((dataSource) => dataSource.destroy()));
    }
  });

  it('makes a process wait while another holds the lock, and migrate once it is released', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK_KEY]);
    let settled = false;
    const opening = openDatabase(url, 1).finally(() => {
      settled = true;
    });
    try {
      // the opener is blocked on the lock: its session shows up waiting for an advisory lock
      const waiting = async () => {
        const { rows } = await holder.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        );
        return rows[0]!.n;
      };
      await eventually(waiting, { accept: (n) => n === 1, what: 'the opener to wait on the migration lock' });
      expect(settled).toBe(false);
    } finally {
      await holder.end();
    }
    const dataSource = await opening;
    expect(await dataSource.showMigrations()).toBe(false);
    await dataSource.destroy();
  });
});
