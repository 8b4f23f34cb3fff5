import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { Database } from '../src/database/database.js';
import { RESTART_DELAYS_MS } from '../src/database/embedded-postgres.js';
import { startTestApp, tempDir, type TestApp } from './helpers.js';
import { eventually } from './eventually.js';

/** These run on the embedded database whatever DATABASE_URL says: supervision is its own. */
const embedded = (dataDir: string) => ({ DATABASE_URL: '', DATA_DIR: dataDir });

const until = (condition: () => Promise<boolean> | boolean) => eventually(condition, { what: 'the supervisor', timeout: 120_000 });

/** Reads (not kept in the cache: a new page each time) in a loop until stopped; the statuses seen. */
function readLoop(t: TestApp) {
  const statuses: number[] = [];
  let running = true;
  const done = (async () => {
    for (let page = 1; running; page++) {
      statuses.push((await request(t.http).get(`/api/products?limit=1&page=${page}`)).status);
    }
  })();
  return { statuses, stop: () => ((running = false), done) };
}

describe('the supervised embedded PostgreSQL', () => {
  let t: TestApp | undefined;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is restarted when it is killed under load; reads come back without restarting the API', async () => {
    t = await startTestApp(embedded(tempDir('supervised')));
    const database = t.app.get(Database);
    const killed = database.embedded!.pid!;
    const load = readLoop(t);
    await until(() => load.statuses.length > 20);
    process.kill(killed, 'SIGKILL');
    await until(() => load.statuses.includes(503));
    // the supervisor's new server process: until then, a backend of the killed server that has not yet
    // noticed its postmaster's death can still answer a read on a pooled connection (a 200 that proves
    // nothing about the restart; a busy machine once saw one first)
    await until(() => database.embedded!.pid !== killed && fs.existsSync(`/proc/${database.embedded!.pid}`));
    const restartedAt = load.statuses.length;
    await until(() => load.statuses.slice(restartedAt).includes(200));
    await load.stop();
    expect(load.statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(fs.existsSync(`/proc/${database.embedded!.pid}`)).toBe(true);
    await request(t.http).get('/api/health/ready').expect(200);
  });

  it('gives up after five failed restarts and says so, so the process can exit for a process manager', async () => {
    const dataDir = tempDir('unrestartable');
    t = await startTestApp(embedded(dataDir), { seed: false });
    const database = t.app.get(Database);
    const fatal: string[] = [];
    database.status.onFatal((message) => fatal.push(message));
    // five tries, as in production, without its 15.5 s of back-off
    database.embedded!.restartDelaysMs = RESTART_DELAYS_MS.map((ms) => ms / 50);
    // a data directory PostgreSQL refuses to start on
    const version = path.join(dataDir, 'postgres', 'PG_VERSION');
    fs.renameSync(version, `${version}.aside`);
    try {
      process.kill(database.embedded!.pid!, 'SIGKILL');
      await until(() => fatal.length > 0);
    } finally {
      fs.renameSync(`${version}.aside`, version);
    }
    expect(fatal).toEqual([expect.stringContaining('The embedded PostgreSQL could not be restarted after 5 attempts')]);
    await request(t.http).get('/api/products?limit=1').expect(503);
  }, 90_000);
});
