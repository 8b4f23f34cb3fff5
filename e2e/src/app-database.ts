import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/**
 * A statement on the e2e app's own embedded database, through its Unix socket (named in
 * DATA_DIR/dentalmarket.lock) with its generated password (DATA_DIR/postgres.password), as
 * `npm run seed` reaches a running API's: for what only time does (an invoice falling due).
 */
export async function appQuery<T = Record<string, unknown>>(dataDir: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'dentalmarket.lock'), 'utf8')) as { socket?: string };
  if (!lock.socket) throw new Error(`the app in ${dataDir} has no database socket yet`);
  const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
  const client = new pg.Client({ host: lock.socket, port: 5432, user: 'dentalmarket', database: 'dentalmarket', password });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as T[];
  } finally {
    await client.end();
  }
}
