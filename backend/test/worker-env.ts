/**
 * Runs first in each worker of test/runner (worker.mjs imports it): gives the worker a database of its own, so
 * two workers never share one. Embedded: DATA_DIR `data-<worker>` under the run's temporary root (one
 * embedded server per worker, started and stopped by each app as ever). Server: the worker's database
 * `<run database>_w<worker>`, made by global-setup. One worker (`--workers=1`) is worker 1.
 */
import path from 'node:path';

const worker = process.env.DM_TEST_WORKER ?? '1';
if (process.env.DM_TEST_TMP) process.env.DATA_DIR = path.join(process.env.DM_TEST_TMP, `data-${worker}`);
if (process.env.DM_TEST_SERVER_URL && process.env.DM_TEST_RUN_DATABASE) {
  process.env.DM_TEST_DATABASE = `${process.env.DM_TEST_RUN_DATABASE}_w${worker}`;
  const url = new URL(process.env.DM_TEST_SERVER_URL);
  url.pathname = `/${process.env.DM_TEST_DATABASE}`;
  process.env.DATABASE_URL = url.toString();
}
