/**
 * One fresh database per test run and worker of test/runner (test/worker-env.ts hands each worker its own).
 * DATABASE_URL set: new databases `dm_test_<pid>_<time>_w<worker>` on that server (dropped in
 * global-teardown). Unset or empty: the embedded PostgreSQL, in a fresh temporary DATA_DIR per worker.
 * The app applies migrations itself, through its normal start path.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-backend-test-'));
  // run as root, the embedded PostgreSQL runs as the user postgres, which must reach DATA_DIR
  fs.chmodSync(tmpRoot, 0o755);
  process.env.DM_TEST_TMP = tmpRoot;
  // worker-env.ts makes it data-<worker> for each worker
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
  const workers = Math.max(1, globalConfig.maxWorkers);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let worker = 1; worker <= workers; worker += 1) await client.query(`CREATE DATABASE "${database}_w${worker}"`);
  } finally {
    await client.end();
  }
  process.env.DM_TEST_SERVER_URL = serverUrl;
  process.env.DM_TEST_RUN_DATABASE = database;
  process.env.DM_TEST_WORKERS = String(workers);
  // worker-env.ts points each worker at its own database
  process.env.DATABASE_URL = serverUrl;
}
