/**
 * The admin's Analytics tab's API (issue 21) on the real app and PostgreSQL: orders and revenue per
 * day from the trigger-kept rollup (and its backfill by the migration), partner clicks per day and
 * per partner with the CSV, top searches and searches that found nothing, and the date range rules.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { OrderRevenueDays1764840000000 } from '../src/database/migrations/1764840000000-OrderRevenueDays.js';
import { insertTestProducts, SHIPPING, signIn, startOrdersApp, type OrdersTestApp, type TestProducts } from './orders-fixtures.js';
import { eventually } from './eventually.js';

let t: OrdersTestApp;
let p: TestProducts;
let admin: TestAgent;
/** Today's UTC date when asked: a test may run after a midnight its file's import did not (all of a worker's files are imported first). */
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startOrdersApp('analytics');
  p = await insertTestProducts(t.dataSource);
  admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
});

afterAll(async () => {
  await t?.close();
  await t?.drop();
});

describe('GET /api/admin/analytics/orders', () => {
  it('counts orders and revenue per UTC day (cancelled orders count as orders, not revenue), every day of the range', async () => {
    const placed: string[] = [];
    for (const quantity of [1, 2, 3]) {
      const res = await admin.post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
      placed.push(res.body.number);
    }
    await admin.post(`/api/admin/orders/${placed[2]}/status`).send({ status: 'cancelled', note: 'test' }).expect(200);
    const res = await admin.get(`/api/admin/analytics/orders?from=${daysAgo(6)}&to=${today()}`).expect(200);
    expect(res.body.days).toHaveLength(7);
    expect(res.body.days.slice(0, 6).every((d: { orders: number; revenue: string }) => d.orders === 0 && d.revenue === '0.00')).toBe(true);
    // 10.19 → 25.19 + 0.82 tax = 26.01; 20.38 → 35.38 + 1.63 = 37.01 (the third is cancelled)
    expect(res.body.days[6]).toEqual({ day: today(), orders: 3, revenue: '63.02' });
    expect(res.body.totals).toEqual({ orders: 3, revenue: '63.02' });
    // the last 30 days by default
    const fallback = await admin.get('/api/admin/analytics/orders').expect(200);
    expect(fallback.body).toMatchObject({ from: daysAgo(29), to: today() });
    expect(fallback.body.days).toHaveLength(30);
  });

  it("the migration's backfill gives the same figures as the trigger kept", async () => {
    const before = (await admin.get(`/api/admin/analytics/orders?from=${daysAgo(2)}&to=${today()}`).expect(200)).body;
    const runner = t.dataSource.createQueryRunner();
    try {
      const migration = new OrderRevenueDays1764840000000();
      await runner.startTransaction();
      await migration.down(runner);
      await migration.up(runner);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    expect((await admin.get(`/api/admin/analytics/orders?from=${daysAgo(2)}&to=${today()}`).expect(200)).body).toEqual(before);
  });
});

describe('GET /api/admin/analytics/partner-clicks and its CSV', () => {
  it('sums clicks per day and per partner (20 named, the rest as others), and the CSV lists day, partner and product', async () => {
    // 25 partners' products, clicked on two days
    const [{ id: categoryId }] = await t.dataSource.query(`SELECT id FROM categories ORDER BY id LIMIT 1`);
    const ids: number[] = [];
    for (let i = 1; i <= 25; i += 1) {
      const [row] = await t.dataSource.query(
        `INSERT INTO products (name, description, price, category_id, manufacturer, product_type, slug, affiliate_link)
         VALUES ($1, 'x', 0, $2, $3, 'affiliate', $4, 'https://partner.example/p') RETURNING id`,
        [`Analytics Partner Product ${i}`, categoryId, `Partner ${String(i).padStart(2, '0')}`, `analytics-partner-product-${i}`],
      );
      ids.push(row.id);
      // partner i: i clicks two days ago and 1 today
      await t.dataSource.query(`INSERT INTO partner_click_days (day, product_id, manufacturer, clicks) VALUES ($1, $2, $3, $4), ($5, $2, $3, 1)`, [daysAgo(2), row.id, `Partner ${String(i).padStart(2, '0')}`, i, today()]);
    }
    const res = await admin.get(`/api/admin/analytics/partner-clicks?from=${daysAgo(3)}&to=${today()}`).expect(200);
    const clicksTwoDaysAgo = (25 * 26) / 2;
    expect(res.body.days).toEqual([
      { day: daysAgo(3), clicks: 0 },
      { day: daysAgo(2), clicks: clicksTwoDaysAgo },
      { day: daysAgo(1), clicks: 0 },
      { day: today(), clicks: 25 },
    ]);
    expect(res.body.total).toBe(clicksTwoDaysAgo + 25);
    expect(res.body.partners).toHaveLength(20);
    expect(res.body.partners[0]).toEqual({ manufacturer: 'Partner 25', clicks: 26 });
    expect(res.body.partners[19]).toEqual({ manufacturer: 'Partner 06', clicks: 7 });
    // partners 1–5: 2 + 3 + 4 + 5 + 6
    expect(res.body.others).toBe(20);

    const csv = await admin.get(`/api/admin/analytics/partner-clicks.csv?from=${today()}&to=${today()}`).buffer(true).parse((r, cb) => {
      let text = '';
      r.on('data', (chunk: Buffer) => (text += chunk.toString()));
      r.on('end', () => cb(null, text));
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="partner-clicks-${today()}-${today()}.csv"`);
    // no cell here holds a comma, quote or line break: lines and commas are the cells
    const rows = (csv.body as string).trimEnd().split('\r\n').map((line) => line.split(','));
    expect(rows[0]).toEqual(['day', 'manufacturer', 'product_id', 'product_name', 'clicks']);
    expect(rows).toHaveLength(26);
    expect(rows[1]).toEqual([today(), 'Partner 01', String(ids[0]), 'Analytics Partner Product 1', '1']);
    expect(rows.slice(1).reduce((sum, row) => sum + Number(row[4]), 0)).toBe(25);
  });
});

describe('GET /api/admin/analytics/searches', () => {
  it('lists the most searched terms and those that found nothing, over the range', async () => {
    await t.dataSource.query(
      `INSERT INTO search_term_days (day, term, searches, zero_results) VALUES
         ($1, 'implant', 40, 0), ($2, 'implant', 10, 0), ($1, 'scaler', 30, 0), ($1, 'zirconia bur', 5, 5),
         ($2, 'zirconia bur', 2, 1), ($1, 'implnt', 3, 3), ($3, 'old term', 100, 100)`,
      [daysAgo(1), today(), daysAgo(60)],
    );
    const res = await admin.get(`/api/admin/analytics/searches?from=${daysAgo(6)}&to=${today()}`).expect(200);
    expect(res.body.top).toEqual([
      { term: 'implant', searches: 50, zero_results: 0 },
      { term: 'scaler', searches: 30, zero_results: 0 },
      { term: 'zirconia bur', searches: 7, zero_results: 6 },
      { term: 'implnt', searches: 3, zero_results: 3 },
    ]);
    expect(res.body.no_results).toEqual([
      { term: 'zirconia bur', searches: 6 },
      { term: 'implnt', searches: 3 },
    ]);
  });
});

describe('the date range', () => {
  it('answers 400 naming the problem, in JSON before any byte of the CSV', async () => {
    for (const [query, message] of [
      ['from=2026-02-30&to=2026-03-01', 'from must be a real date such as 2026-11-01'],
      ['from=2026-02-30', 'from must be a real date such as 2026-11-01'],
      ['from=0000-12-31', 'from must be a real date such as 2026-11-01'],
      ['from=0000-12-31&to=0001-01-01', 'from must be a real date such as 2026-11-01'],
      ['to=2025-02-29', 'to must be a real date such as 2026-11-30'],
      ['to=2026-06-31', 'to must be a real date such as 2026-11-30'],
      ['from=yesterday', 'from must be a date such as 2026-11-01'],
      ['to=2026-1-1', 'to must be a date such as 2026-11-30'],
      ['from=2026-03-02&to=2026-03-01', 'from must not be after to'],
      ['from=2025-01-01&to=2026-01-02', 'the range may span at most 366 days'],
    ] as const) {
      for (const route of ['orders', 'partner-clicks', 'partner-clicks.csv', 'searches']) {
        const res = await admin.get(`/api/admin/analytics/${route}?${query}`);
        expect(`${route}?${query} ${res.status} ${res.headers['content-type']}`).toMatch(/ 400 application\/json/);
        expect(res.headers['content-disposition']).toBeUndefined();
        expect(res.text).not.toContain('day,manufacturer');
        expect(JSON.stringify(res.body.message)).toContain(message);
      }
    }
    // a whole leap year is 366 days: allowed
    await admin.get('/api/admin/analytics/orders?from=2028-01-01&to=2028-12-31').expect(200);
    // a leap day is a day; the first days of the calendar have no 30 days before them
    for (const route of ['orders', 'partner-clicks', 'searches']) {
      expect((await admin.get(`/api/admin/analytics/${route}?from=2024-02-29&to=2024-02-29`).expect(200)).body).toMatchObject({ from: '2024-02-29', to: '2024-02-29' });
      expect((await admin.get(`/api/admin/analytics/${route}?to=0001-01-03`).expect(200)).body).toMatchObject({ from: '0001-01-01', to: '0001-01-03' });
    }
    const csv = await admin.get('/api/admin/analytics/partner-clicks.csv?from=2024-02-29&to=2024-03-01').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.startsWith('day,manufacturer,product_id,product_name,clicks\r\n')).toBe(true);
  });
});

describe('a CSV download that fails after its header', () => {
  /** The download's database connection ended by the server's administrator, as a restart or a failover would. */
  async function terminateExport(): Promise<void> {
    const backends = await t.dataSource.query(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' AND query LIKE '%FROM partner_click_days p LEFT JOIN products%'`,
    );
    expect(backends).toHaveLength(1);
    await t.dataSource.query('SELECT pg_terminate_backend($1)', [backends[0].pid]);
  }

  it('is cut off, never ended as if complete, and its request is logged as a 500 at error level', async () => {
    // about 50 MB of CSV: far more than the sockets hold, so the download waits for its reader
    await t.dataSource.query(
      `INSERT INTO partner_click_days (day, product_id, manufacturer, clicks)
       SELECT d::date, p, 'Stream Partner ' || repeat('x', 200) || (p % 7), 1 + p % 5
         FROM generate_series('2090-01-01'::date, '2090-12-31'::date, interval '1 day') AS d, generate_series(1, 550) AS p`,
    );
    try {
      const login = await request(t.http).post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
      const cookie = (login.headers['set-cookie'] as unknown as string[]).map((set) => set.split(';')[0]).join('; ');
      if (!t.http.listening) await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
      const { port } = t.http.address() as AddressInfo;
      const requestId = `csv-cut-off-${Date.now()}`;
      // the first bytes read, the rest held back while the database connection goes, then read to the end
      const download = await new Promise<{ status: number; complete: boolean; text: string }>((resolve, reject) => {
        const path = '/api/admin/analytics/partner-clicks.csv?from=2090-01-01&to=2090-12-31';
        const hung = setTimeout(() => {
          get.destroy();
          reject(new Error('the download was neither completed nor cut off within 60 s of its start'));
        }, 60_000);
        const get = http
          .get({ host: '127.0.0.1', port, path, headers: { cookie, 'x-request-id': requestId } }, (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              if (!text) {
                res.pause();
                terminateExport().then(() => res.resume(), reject);
              }
              text += chunk;
            });
            res.on('error', () => undefined); // "aborted": what this test is about
            res.on('close', () => {
              clearTimeout(hung);
              resolve({ status: res.statusCode!, complete: res.complete, text });
            });
          })
          .on('error', reject);
      });
      expect(download.status).toBe(200);
      expect(download.text.startsWith('day,manufacturer,product_id,product_name,clicks\r\n')).toBe(true);
      expect(download.complete).toBe(false);
      expect(download.text.split('\r\n').length).toBeLessThan(365 * 550);

      // the request's line is written when its response closes, which the client may see first
      const logged = () =>
        t
          .logs()
          .split('\n')
          .filter((line) => line.includes(requestId))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      await eventually(() => logged().some((entry) => entry.path), { timeout: 5_000, what: "the request's log line" });
      const entries = logged();
      expect(entries.find((entry) => entry.path)).toMatchObject({ method: 'GET', path: '/api/admin/analytics/partner-clicks.csv', status: 500, level: 50 });
      // the cause as the pg client met it: the server's FATAL message when it read first, or the
      // closed socket when it wrote first (its next fetch), which a busy machine sees at times. A
      // socket error is logged by its message ('write EPIPE'); under Jest it reads 'Error: write EPIPE',
      // as Node's own errors are no instanceof Error of the spec's VM context (common/csv-stream.ts)
      expect(entries.find((entry) => entry.context === 'CsvDownload')).toMatchObject({
        level: 40,
        msg: expect.stringMatching(/cut off after \d+ rows: (terminating connection due to administrator command|(Error: )?write EPIPE|(Error: )?read ECONNRESET|Connection terminated unexpectedly)$/),
      });
      // the connection was discarded, not returned to the pool: the next reads are answered
      await admin.get('/api/admin/analytics/partner-clicks?from=2090-01-01&to=2090-01-31').expect(200);
      await request(t.http).get('/api/health/ready').expect(200);
    } finally {
      await t.dataSource.query(`DELETE FROM partner_click_days WHERE day BETWEEN '2090-01-01' AND '2090-12-31'`);
    }
  }, 120_000);
});
