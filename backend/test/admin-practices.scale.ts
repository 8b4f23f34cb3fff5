/**
 * The admin's practices at issue 36's scale: 10,000 practices, 100,000 people, 1,000,000 orders
 * (a quarter of the practices on invoice terms, their orders invoices). Run on demand, as it takes
 * minutes to generate: `npm run test:scale --workspace backend` (files named *.scale.ts, which `npm test` does not
 * pick up). Each
 * list query (every sort each way, first and a deep page, searches) and the drawer's reads are
 * timed through the API and their plans read: no sequential scan of users or orders anywhere.
 */
import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';
import { DataSource as DataSourceToken } from 'typeorm';
import { practiceListSql, type PracticeListInput } from '../src/admin-practices/admin-practice-queries.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';

const PRACTICES = 10_000;
const PEOPLE_EACH = 10;
const ORDERS = 1_000_000;
describe('the admin practices at 10,000 practices, 100,000 people, 1,000,000 orders', () => {
  let t: TestApp;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let ds: DataSource;
  let admin: TestAgent;
  const figures: string[] = [];

  beforeAll(async () => {
    db = await freshDatabase('practices_scale', { seeded: true });
    t = await startTestApp(db.env);
    ds = t.app.get(DataSourceToken);
    admin = request.agent(t.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    const started = Date.now();
    // a client of its own: the app's pool times a statement out long before a million rows are written
    const o = ds.options as { url?: string; host?: string; port?: number; username?: string; password?: string; database?: string };
    const m = new pg.Client(o.url ? { connectionString: o.url } : { host: o.host, port: o.port, user: o.username, password: o.password, database: o.database });
    await m.connect();
    try {
      await m.query('BEGIN');
      // the generated rows skip the triggers (customer and order counters, practice of account): their figures are not read here
      await m.query(`SET LOCAL session_replication_role = replica`);
      await m.query(`
        INSERT INTO practices (id, name, created_at, updated_at, payment_terms, net_days, credit_limit_cents)
        SELECT 100000 + g, (ARRAY['Harbour','Orchard','Lakeside','Summit','River','Maple','Cedar','Bay'])[1 + g % 8] || ' Dental ' || g, now() - make_interval(hours => g), now(),
               CASE WHEN g % 4 = 0 THEN 'invoice' ELSE 'card' END, CASE WHEN g % 4 = 0 THEN 30 END, CASE WHEN g % 4 = 0 THEN 1000000 END
          FROM generate_series(1, ${PRACTICES}) g`);
      await m.query(`
        INSERT INTO users (username, password, email, full_name, role, practice_id, practice_role, created_at)
        SELECT 'scale' || i, 'x', 'person' || i || '@clinic' || (i % 997) || '.example', 'Dr. Person ' || i, 'customer', 100000 + 1 + (i % ${PRACTICES}),
               (ARRAY['owner','purchaser','assistant','assistant','purchaser']::practice_role[])[1 + (i / ${PRACTICES}) % 5], now() - make_interval(mins => i)
          FROM generate_series(0, ${PRACTICES * PEOPLE_EACH - 1}) i`);
      await m.query(`
        INSERT INTO orders (number, email, full_name, address, city, state, zip_code, status, subtotal_cents, shipping_cents, tax_cents, total_cents, created_at, updated_at, practice_id, payment_due_at, paid_at)
        SELECT 'DS-' || i, 'buyer@clinic.example', 'Buyer', '1 Road', 'Springfield', 'IL', '62701',
               (ARRAY['placed','processing','shipped','delivered','delivered','cancelled']::order_status[])[1 + i % 6], 10000, 1500, 800, 12300,
               now() - make_interval(mins => i), now(), 100000 + 1 + (i % ${PRACTICES}),
               CASE WHEN (i % ${PRACTICES}) % 4 = 3 THEN now() - make_interval(mins => i) + interval '30 days' END,
               CASE WHEN (i % ${PRACTICES}) % 4 = 3 AND i % 3 <> 0 THEN now() END
          FROM generate_series(1, ${ORDERS}) i`);
      await m.query('COMMIT');
      for (const table of ['practices', 'users', 'orders']) await m.query(`VACUUM ANALYZE ${table}`);
    } finally {
      await m.end();
    }
    figures.push(`generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }, 1_800_000);

  afterAll(async () => {
    console.log(`admin practices at scale (load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ')}):\n${figures.join('\n')}`);
    await t?.close();
    await db?.drop();
  });

  /** The median of three timed calls, in ms. */
  async function timed(what: string, path: string): Promise<number> {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await admin.get(path).expect(200);
      times.push(performance.now() - started);
    }
    const median = times.sort((a, b) => a - b)[1]!;
    figures.push(`${what}: ${median.toFixed(0)} ms`);
    return median;
  }

  async function plan(sql: { text: string; values: unknown[] }): Promise<string> {
    return JSON.stringify(await ds.query(`EXPLAIN (FORMAT JSON) ${sql.text}`, sql.values));
  }

  const seqScanOf = (text: string) => [...text.matchAll(/"Node Type":"Seq Scan"[^}]*?"Relation Name":"(\w+)"/g)].map((m) => m[1]);

  const LISTS: Array<[string, PracticeListInput]> = [
    ['by name', { sort: 'name' }],
    ['by name, desc, page 300', { sort: 'name', direction: 'desc', page: 300 }],
    ['newest', { sort: 'created', direction: 'desc' }],
    ['by people, desc', { sort: 'members', direction: 'desc' }],
    ['by open balance, desc', { sort: 'open_balance', direction: 'desc' }],
    ['by open balance, page 300', { sort: 'open_balance', page: 300 }],
    ['search a name word', { q: 'harbour' }],
    ['search a name, by open balance', { q: 'lakeside dental 12', sort: 'open_balance', direction: 'desc' }],
    ['search an email', { q: 'person4242@' }],
    ['search a domain', { q: '@clinic42.example' }],
  ];

  it.each(LISTS)('lists practices %s in well under a second, reading no users or orders table through', async (what, query) => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
    const ms = await timed(`GET /api/admin/practices ${what}`, `/api/admin/practices?${params}`);
    expect(ms).toBeLessThan(1000);
    const sql = practiceListSql(query);
    for (const part of [sql.page, sql.count]) expect([what, seqScanOf(await plan(part)).filter((table) => table !== 'practices')]).toEqual([what, []]);
  });

  it("reads a practice, a page of its orders and of its invoices by index", async () => {
    const id = 100000 + 4; // on invoice terms
    for (const [what, path] of [
      ['a practice', `/api/admin/practices/${id}`],
      ['its orders, page 1', `/api/admin/practices/${id}/orders`],
      ['its orders, page 9', `/api/admin/practices/${id}/orders?page=9`],
      ['its invoices, page 1', `/api/admin/practices/${id}/invoices`],
    ]) expect(await timed(what!, path!)).toBeLessThan(500);
  });

  it('disables and enables a practice of ten people at once', async () => {
    const started = performance.now();
    await admin.post('/api/admin/practices/100005/disable').expect(200);
    await admin.post('/api/admin/practices/100005/enable').expect(200);
    figures.push(`disable + enable a practice: ${(performance.now() - started).toFixed(0)} ms`);
  });
});
