/**
 * One fresh database per test run. DATABASE_URL / TEST_DATABASE_URL set: a new database
 * `dm_test_<pid>_<time>` on that server (dropped in global-teardown). Unset: the embedded PGlite in
 * a fresh temporary DATA_DIR. The app applies migrations itself, through its normal start path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export default async function globalSetup(): Promise<void> {
  const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-backend-test-'));
  process.env.DM_TEST_TMP = tmpRoot;
  process.env.DATA_DIR = path.join(tmpRoot, 'data');
  process.env.NODE_ENV = 'test';
  delete process.env.SESSION_SECRET;
  for (const name of ['REMOTE_STOREFRONT_URL', 'REMOTE_CHECKOUT_URL', 'REMOTE_ADMIN_URL', 'FRONTEND_DIST_ROOT', 'PORT']) {
    delete process.env[name];
  }

  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) {
    process.env.DATABASE_URL = '';
    return;
  }
  const database = `dm_test_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  process.env.DM_TEST_SERVER_URL = serverUrl;
  process.env.DM_TEST_DATABASE = database;
  process.env.DATABASE_URL = url.toString();
}
