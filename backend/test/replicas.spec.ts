import pg from 'pg';
import request from 'supertest';
import { privateCluster, type PrivateCluster } from '../../bench/private-cluster.mjs';
import { privateReplica, type PrivateReplica } from '../../bench/private-replica.mjs';
import { SearchIndexService } from '../src/catalog/search/search-index.service.js';
import { ReadRoutes } from '../src/database/read-routes.js';
import { Transactions } from '../src/database/transactions.js';
import { eventually } from './eventually.js';
import { startTestApp, type TestApp } from './helpers.js';

// Reads from a real streaming replica (docs/operations.md "Reads from replicas"): a private primary
// cluster and a replica of it made with pg_basebackup -R, both on this machine; replay paused and
// resumed to make lag.

const TOKEN = 'replicas-metrics-token-0123456789';
const ADMIN = { username: 'admin', password: 'DentalAdmin!2026' };

/** One series of /metrics, 0 when absent. */
async function metric(t: TestApp, name: string, labels: string): Promise<number> {
  const text = (await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
  const line = text.split('\n').find((row) => row.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

const reads = (t: TestApp, target: string, purpose: string) => metric(t, 'db_reads_total', `target="${target}",purpose="${purpose}"`);
const serving = async (t: TestApp) => (await metric(t, 'db_replica_serving', 'replica="replica-1"')) === 1;

async function sql<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Transactions committed on a server's database (its own statistics: a standby counts its own reads). */
async function commits(url: string): Promise<number> {
  await sql(url, 'SELECT pg_stat_clear_snapshot()');
  const [row] = await sql<{ n: string }>(url, 'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()');
  return Number(row!.n);
}

const versionOf = (etag: string) => BigInt(/^"(\d+)-/.exec(etag)![1]!);

describe('reads from a streaming replica', () => {
  let primary: PrivateCluster;
  let replica: PrivateReplica;
  let t: TestApp;
  let admin: ReturnType<typeof request.agent>;
  let product: { id: number; slug: string; price: string };

  beforeAll(async () => {
    primary = await privateCluster('dm_primary');
    replica = await privateReplica(primary, 'dm_replica');
    t = await startTestApp({ DATABASE_URL: primary.url, DATABASE_READ_URLS: replica.url, METRICS_TOKEN: TOKEN, METRICS_PORT: '' });
    admin = request.agent(t.http);
    await admin.post('/api/login').send(ADMIN).expect(200);
    await eventually(() => serving(t), { what: 'the replica to serve' });
    [product] = (await request(t.http).get('/api/products/by-type/equipment?limit=1').expect(200)).body;
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    replica?.drop();
    primary?.drop();
  });

  it('sends anonymous catalogue reads, the search index, sitemaps and analytics to the replica while it is caught up', async () => {
    expect(await t.app.get(SearchIndexService).whenLoaded()).toBe(true);
    expect(await reads(t, 'replica-1', 'search-index')).toBeGreaterThanOrEqual(1);
    const before = { replica: await reads(t, 'replica-1', 'catalogue'), primary: await reads(t, 'primary', 'catalogue') };
    const commitsBefore = await commits(replica.url);
    // each page a different URL: computed, not kept
    for (let page = 1; page <= 5; page++) await request(t.http).get(`/api/products/by-type/equipment?limit=2&page=${page}`).expect(200);
    await request(t.http).get('/api/products?search=implant&limit=3').expect(200);
    expect(await reads(t, 'replica-1', 'catalogue')).toBe(before.replica + 6);
    expect(await reads(t, 'primary', 'catalogue')).toBe(before.primary);
    // the replica's own statistics: its snapshots committed there
    await eventually(() => commits(replica.url), { what: "the replica's own count of committed reads", accept: (n) => n >= commitsBefore + 6 });
    expect(await metric(t, 'db_replica_lag_seconds', 'replica="replica-1"')).toBeLessThan(5);

    await request(t.http).get('/sitemap.xml').expect(200);
    expect(await reads(t, 'replica-1', 'sitemap')).toBeGreaterThanOrEqual(1);
    // the admin signed in a moment ago (a write): its reads go to the replica once a check (every
    // 250 ms) has seen the replica replay that write and hold the newest catalogue version served
    await eventually(
      async () => {
        await admin.get('/api/admin/analytics/orders').expect(200);
        return reads(t, 'replica-1', 'analytics');
      },
      { what: "the Analytics tab's reads on the caught-up replica", accept: (n) => n >= 1, timeout: 10_000 },
    );
  });

  it('keeps the admin on the primary', async () => {
    const before = await reads(t, 'primary', 'catalogue');
    await admin.get('/api/products/by-type/equipment?limit=3&page=7').expect(200);
    expect(await reads(t, 'primary', 'catalogue')).toBe(before + 1);
  });

  it('reads a replica outside a transaction as the version its check found, and computes again in a snapshot a read that a replayed catalogue write overtook', async () => {
    await eventually(() => serving(t), { what: 'the replica to serve' });
    const routes = t.app.get(ReadRoutes);
    const transactions = t.app.get(Transactions);
    const priceOf = async () => ((await transactions.manager.query('SELECT price::text AS price FROM products WHERE id = $1', [product.id])) as { price: string }[])[0]!.price;
    const recomputed = () => metric(t, 'db_replica_reads_recomputed_total', 'replica="replica-1"');
    const recomputedBefore = await recomputed();

    // nothing written meanwhile: the version of the check, read on the replica's pool, no transaction
    const target = routes.choose({});
    expect(target.name).toBe('replica-1');
    const checked = routes.checkedVersion(target)!;
    const quiet = await routes.unlocked(target, checked, async () => {
      expect(transactions.manager).toBe(target.dataSource.manager);
      expect(transactions.manager.queryRunner).toBeUndefined();
      return priceOf();
    });
    expect(quiet.version).toBe(checked);
    expect(await recomputed()).toBe(recomputedBefore);

    // a catalogue write replayed after the check and before the read ends: what was read is not
    // passed off as the checked version; it is read again in a snapshot, tagged with its own version
    const before = routes.checkedVersion(routes.choose({}))!;
    const newPrice = (Number(quiet.value) + 3).toFixed(2);
    const prices: string[] = [];
    const overtaken = await routes.unlocked(target, before, async () => {
      prices.push(await priceOf());
      if (prices.length === 1) {
        await sql(primary.url, 'UPDATE products SET price = $1 WHERE id = $2', [newPrice, product.id]);
        await eventually(async () => (await sql<{ v: string }>(replica.url, 'SELECT version::text AS v FROM catalogue_state'))[0]!.v, {
          what: 'the replica to replay the write',
          accept: (v) => BigInt(v) > BigInt(before),
        });
      }
      return prices.at(-1)!;
    });
    expect(prices).toEqual([quiet.value, newPrice]);
    expect(overtaken.value).toBe(newPrice);
    expect(BigInt(overtaken.version)).toBeGreaterThan(BigInt(before));
    expect(await recomputed()).toBe(recomputedBefore + 1);

    // over HTTP: the product's page is served with the new price under a version at least the write's
    await eventually(
      async () => {
        const res = await request(t.http).get(`/api/products/${product.id}?after=overtaken`).expect(200);
        return { price: res.body.price as string, version: versionOf(res.headers.etag as string) };
      },
      { what: 'the new price under the new version', accept: ({ price, version }) => price === newPrice && version >= BigInt(overtaken.version) },
    );
  });

  it('with replay paused: a write is read back by its writer, a shopper never goes back to an older version, and past the bound the primary serves', async () => {
    const shopper = request.agent(t.http);
    const url = `/api/products/${product.id}`;
    const seenBefore = await shopper.get(url).expect(200);
    const oldPrice = seenBefore.body.price as string;
    const oldVersion = versionOf(seenBefore.headers.etag as string);

    await replica.pause();
    const newPrice = (Number(oldPrice) + 11).toFixed(2);
    const write = await admin.put(`/api/admin/products/${product.id}`).send({ price: newPrice }).expect(200);
    const wrote = (write.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('dm_wrote='));
    expect(wrote).toMatch(/^dm_wrote=[0-9A-F]+\/[0-9A-F]+; Max-Age=7; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);

    // the writer's export reads the primary (the replica has not replayed its write)
    const exportBefore = await reads(t, 'primary', 'export');
    const csv = await admin.get('/api/admin/products/export.csv').expect(200);
    expect(csv.text).toContain(newPrice);
    expect(await reads(t, 'primary', 'export')).toBe(exportBefore + 1);
    // so does any browser carrying the write's cookie
    const withCookie = await request(t.http).get(url).set('Cookie', wrote!.split(';')[0]!).expect(200);
    expect(withCookie.body.price).toBe(newPrice);

    // within the bound, a shopper who saw only the old version may still be served it from the replica
    const lagging = await shopper.get(url).expect(200);
    expect(versionOf(lagging.headers.etag as string)).toBeGreaterThanOrEqual(oldVersion);

    // past REPLICA_MAX_LAG_MS the replica is skipped: the primary serves the new version
    await eventually(async () => !(await serving(t)), { what: 'the replica to be skipped for its lag', timeout: 30_000 });
    expect(await metric(t, 'db_replica_lag_seconds', 'replica="replica-1"')).toBeGreaterThan(5);
    const fresh = await shopper.get(url).expect(200);
    expect(fresh.body.price).toBe(newPrice);
    const primaryBefore = await reads(t, 'primary', 'catalogue');
    await shopper.get('/api/products/by-type/equipment?limit=2&page=9').expect(200);
    expect(await reads(t, 'primary', 'catalogue')).toBe(primaryBefore + 1);
    const newVersion = versionOf(fresh.headers.etag as string);
    expect(newVersion).toBeGreaterThan(oldVersion);

    // another API process that still counts the replica as within its bound (a larger one, or a
    // check not yet run): the shopper carries the version it saw, so that process serves it from the
    // primary, while a shopper who saw nothing newer is served the replica's older version
    const other = await startTestApp(
      { DATABASE_URL: primary.url, DATABASE_READ_URLS: replica.url, REPLICA_MAX_LAG_MS: '600000', METRICS_TOKEN: TOKEN, METRICS_PORT: '', SEARCH_INDEX: 'off' },
      { seed: false },
    );
    try {
      await eventually(() => serving(other), { what: 'the other process to use the lagging replica' });
      // a shopper who has seen nothing newer: the lagging replica's version (bounded staleness)
      const anonymous = await request(other.http).get('/api/products/by-type/service?limit=1').expect(200);
      expect(versionOf(anonymous.headers.etag as string)).toBeLessThan(newVersion);
      // (from here on this process has served the new version too, and serves nothing older to anyone)
      // the cookie the shopper's browser was given with the newest version it was served
      const given = [lagging, fresh].flatMap((res) => (res.headers['set-cookie'] as unknown as string[] | undefined) ?? []);
      const seen = given.filter((c) => c.startsWith('dm_seen=')).at(-1)!.split(';')[0]!;
      expect(seen).toBe(`dm_seen=${newVersion}`);
      for (const path of [url, `/api/products/${product.slug}`, '/api/products/by-type/equipment?limit=5']) {
        const res = await request(other.http).get(path).set('Cookie', seen).expect(200);
        expect(versionOf(res.headers.etag as string)).toBeGreaterThanOrEqual(newVersion);
      }
      // an ETag it holds says the same without the cookie
      const revalidated = await request(other.http).get(url).set('If-None-Match', fresh.headers.etag as string);
      expect([200, 304]).toContain(revalidated.status);
      if (revalidated.status === 200) expect(revalidated.body.price).toBe(newPrice);
    } finally {
      await other.close();
    }

    await replica.resume();
    await eventually(() => serving(t), { what: 'the replica to serve again once it caught up' });
    const replicaBefore = await reads(t, 'replica-1', 'catalogue');
    const caughtUp = await shopper.get(`${url}?after=resume`);
    expect(caughtUp.status).toBe(200);
    expect(caughtUp.body.price).toBe(newPrice);
    expect(await reads(t, 'replica-1', 'catalogue')).toBe(replicaBefore + 1);
  }, 120_000);

  it('retries on the primary a read whose replica connection is ended while its snapshot is open', async () => {
    // what the failure drill met when it stopped the replica under load (bench/drill.mjs): the server
    // ended a connection between two statements of a read; the read's next statement failed with
    // TypeORM's "query runner already released" (a 500) instead of being retried on the primary
    await eventually(() => serving(t), { what: 'the replica to serve' });
    const routes = t.app.get(ReadRoutes);
    const transactions = t.app.get(Transactions);
    const servers: string[] = [];
    const { value } = await routes.read('catalogue', (target) =>
      routes.snapshot(target, async () => {
        servers.push(target.name);
        const manager = transactions.manager;
        if (target.replica) {
          const [{ pid }] = (await manager.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[];
          await sql(replica.url, 'SELECT pg_terminate_backend($1)', [pid]);
          await eventually(async () => manager.queryRunner?.isReleased === true, { what: 'the ended connection to release its runner' });
        }
        const [{ n }] = (await manager.query('SELECT count(*)::int AS n FROM products')) as { n: number }[];
        return n;
      }),
    );
    expect(servers).toEqual(['replica-1', 'primary']);
    expect(value).toBeGreaterThan(0);
  }, 60_000);

  it('skips a replica that cannot be reached, with no 5xx', async () => {
    replica.stop();
    try {
      // at once, before the check has noticed: reads that meet the stopped replica are retried on the primary
      const statuses: number[] = [];
      for (let page = 1; page <= 10; page++) statuses.push((await request(t.http).get(`/api/products/by-type/equipment?limit=1&page=${page + 100}`)).status);
      statuses.push((await request(t.http).get('/api/products?search=scaler&limit=2&page=3')).status);
      statuses.push((await request(t.http).get('/sitemaps/pages.xml')).status);
      statuses.push((await admin.get('/api/admin/analytics/searches')).status);
      expect(statuses.every((status) => status === 200)).toBe(true);
      await eventually(async () => (await metric(t, 'db_replica_up', 'replica="replica-1"')) === 0, { what: 'the replica to be marked down' });
      const primaryBefore = await reads(t, 'primary', 'catalogue');
      await request(t.http).get('/api/products/by-type/equipment?limit=1&page=200').expect(200);
      expect(await reads(t, 'primary', 'catalogue')).toBe(primaryBefore + 1);
      await request(t.http).get('/api/health/ready').expect(200);
    } finally {
      replica.start();
    }
    await eventually(() => serving(t), { what: 'the restarted replica to serve again', timeout: 60_000 });
  }, 120_000);
});
