import fs from 'node:fs';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env.DM_TEST_SERVER_URL;
  const database = process.env.DM_TEST_RUN_DATABASE;
  if (serverUrl && database) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      for (let worker = 1; worker <= Number(process.env.DM_TEST_WORKERS ?? 1); worker += 1) {
        await client.query(`DROP DATABASE IF EXISTS "${database}_w${worker}" WITH (FORCE)`);
      }
    } finally {
      await client.end();
    }
  }
  if (process.env.DM_TEST_TMP) fs.rmSync(process.env.DM_TEST_TMP, { recursive: true, force: true });
}
