/**
 * One fresh database per test run. DATABASE_URL set: a new database
 * `dm_test_<pid>_<time>` on that server (dropped in global-teardown). Unset or empty: the embedded PostgreSQL in
 * a fresh temporary DATA_DIR. The app applies migrations itself, through its normal start path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export default async function globalSetup(): Promise<void> {
  const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-backend-test-'));
  // run as root, the embedded PostgreSQL runs as the user postgres, which must reach DATA_DIR
  fs.chmodSync(tmpRoot, 0o755);
  process.env.DM_TEST_TMP = tmpRoot;
  process.env.DATA_DIR = path.join(tmpRoot, 'data');
  process.env.NODE_ENV = 'test';
  delete process.env.SESSION_SECRET;
  // every spec of the run registers and sends guest requests from 127.0.0.1 into one database: the
  // hourly caps are lifted for the run, and the specs of those caps set their own
  process.env.REGISTRATIONS_PER_HOUR = '1000000';
  // argon2id at 1 MiB instead of 64: the specs sign in and register thousands of times (concurrency's
  // 1,000 registrations took 99 s); hashes and their checks are otherwise the same code
  process.env.PASSWORD_HASH_MEMORY_KIB = '1024';
  process.env.GUEST_REQUESTS_PER_HOUR = '1000000';
  process.env.GUEST_REQUESTS_SHOP_PER_HOUR = '1000000';
  for (const name of ['REMOTE_STOREFRONT_URL', 'REMOTE_CHECKOUT_URL', 'REMOTE_ADMIN_URL', 'FRONTEND_DIST_ROOT', 'PORT']) {
    delete process.env[name];
  }

  // DATABASE_URL alone decides: empty means the embedded database, whatever else the shell has set
  const serverUrl = process.env.DATABASE_URL;
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
