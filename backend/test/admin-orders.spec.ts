import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { insertTestProducts, SHIPPING, signIn, startOrdersApp, type OrdersTestApp, type TestProducts } from './orders-fixtures.js';

let t: OrdersTestApp;
let p: TestProducts;
let admin: TestAgent;
const numbers: string[] = [];

beforeAll(async () => {
  t = await startOrdersApp('admin_orders');
  p = await insertTestProducts(t.dataSource);
  admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
  // three orders: Alice (1 chair), Bob (3 burs), Carol (2 chairs)
  for (const [fullName, email, lines] of [
    ['Alice Archer', 'alice@practice.example', [{ product_id: p.chair.id, quantity: 1, unit_price: '1299.99' }]],
    ['Bob Baker', 'bob@clinic.example', [{ product_id: p.cheap.id, quantity: 3, unit_price: '10.19' }]],
    ['Carol Cole', 'carol@practice.example', [{ product_id: p.chair.id, quantity: 2, unit_price: '1299.99' }, { product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }]],
  ] as const) {
    const res = await request(t.http).post('/api/orders').send({ lines, shipping: { ...SHIPPING, fullName, email } }).expect(201);
    numbers.push(res.body.number);
  }
});

afterAll(async () => {
  await t?.close();
  await t?.drop();
});

const listed = async (query: string) => {
  const res = await admin.get(`/api/admin/orders?${query}`).expect(200);
  return { total: res.body.total as number, names: (res.body.orders as Array<{ full_name: string }>).map((o) => o.full_name) };
};

describe('GET /api/admin/orders', () => {
  it('searches by number, email or name, filters by status and dates, sorts by date and total, pages', async () => {
    expect(await listed('')).toEqual({ total: 3, names: ['Carol Cole', 'Bob Baker', 'Alice Archer'] });
    expect(await listed('sort=created_at&order=asc')).toEqual({ total: 3, names: ['Alice Archer', 'Bob Baker', 'Carol Cole'] });
    expect(await listed('sort=total&order=desc')).toEqual({ total: 3, names: ['Carol Cole', 'Alice Archer', 'Bob Baker'] });
    expect(await listed('q=practice.example')).toEqual({ total: 2, names: ['Carol Cole', 'Alice Archer'] });
    expect(await listed('q=bAkEr')).toEqual({ total: 1, names: ['Bob Baker'] });
    // an email from either end: its start, or a domain with or without the '@'; never from inside
    expect(await listed('q=CAROL@')).toEqual({ total: 1, names: ['Carol Cole'] });
    expect(await listed('q=alice%40practice.example')).toEqual({ total: 1, names: ['Alice Archer'] });
    expect(await listed('q=%40clinic.example')).toEqual({ total: 1, names: ['Bob Baker'] });
    expect(await listed('q=bob')).toEqual({ total: 1, names: ['Bob Baker'] });
    expect(await listed('q=arol%40')).toEqual({ total: 0, names: [] });
    // LIKE's wildcards are text
    expect(await listed('q=%25%40')).toEqual({ total: 0, names: [] });
    expect(await listed('q=_arol%40')).toEqual({ total: 0, names: [] });
    expect(await listed(`q=${numbers[0]!.toLowerCase()}`)).toEqual({ total: 1, names: ['Alice Archer'] });
    expect(await listed('status=shipped')).toEqual({ total: 0, names: [] });
    const today = new Date().toISOString().slice(0, 10);
    expect(await listed(`status=placed&from=${today}&to=${today}`)).toEqual({ total: 3, names: ['Carol Cole', 'Bob Baker', 'Alice Archer'] });
    expect(await listed('from=2000-01-01&to=2000-12-31')).toEqual({ total: 0, names: [] });
    expect(await listed('page=2&limit=2')).toEqual({ total: 3, names: ['Alice Archer'] });
    await admin.get('/api/admin/orders?status=lost').expect(400);
    await admin.get('/api/admin/orders?limit=101').expect(400);
    await admin.get('/api/admin/orders?from=yesterday').expect(400);
  });
});

describe('the date filters', () => {
  /** A refusal of the export comes before any byte of CSV: a JSON error, no attachment. */
  const refusal = async (url: string) => {
    const res = await admin.get(url);
    expect(`${res.status} ${res.headers['content-type']}`).toMatch(/^400 application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.text).not.toContain('number,created_at');
    return JSON.stringify(res.body.message);
  };

  it('take days of the calendar only: the list and the export answer 400 in JSON for a day that does not exist, and a leap day is one', async () => {
    for (const [query, message] of [
      ['from=2026-02-30', 'from must be a real date such as 2026-01-31'],
      ['from=0000-12-31', 'from must be a real date such as 2026-01-31'],
      ['to=2025-02-29', 'to must be a real date such as 2026-01-31'],
      ['to=2026-04-31', 'to must be a real date such as 2026-01-31'],
      ['from=2026-13-01', 'from must be a real date such as 2026-01-31'],
      ['from=10000-01-01', 'from must be a date such as 2026-01-31'],
      ['to=yesterday', 'to must be a date such as 2026-01-31'],
    ] as const) {
      for (const route of ['/api/admin/orders', '/api/admin/orders/export.csv']) {
        expect(`${route}?${query} ${await refusal(`${route}?${query}`)}`).toContain(message);
      }
    }
    expect(await listed('from=2024-02-29&to=2024-02-29')).toEqual({ total: 0, names: [] });
    expect(await listed('from=0001-01-01&to=9999-12-31')).toMatchObject({ total: 3 });
    const csv = await admin.get('/api/admin/orders/export.csv?from=2024-02-29&to=2400-02-29').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.text.split('\r\n')).toHaveLength(5); // the header, three orders and the last line's end
  });
});

describe('a search matching more than 1,000 orders', () => {
  it('counts to 1,000 and says there are more (total_capped); its pages still come, newest first', async () => {
    await t.dataSource.query(
      `INSERT INTO orders (number, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents, tax_cents, total_cents, created_at)
       SELECT 'DM-' || lpad(upper(to_hex(i)), 6, 'Z'), 'many' || i || '@crowd.example', 'Crowded Name ' || i, '1 Road', 'Town', 'ST', '12345', 100, 1500, 8, 1608, now() - make_interval(secs => i)
         FROM generate_series(1, 1001) i`,
    );
    try {
      const res = await admin.get('/api/admin/orders?q=crowded&limit=25').expect(200);
      expect(res.body).toMatchObject({ total: 1000, total_capped: true });
      expect(res.body.orders.map((o: { full_name: string }) => o.full_name).slice(0, 2)).toEqual(['Crowded Name 1', 'Crowded Name 2']);
      // a search of fewer is exact and says nothing of a cap; so is the unsearched grid, however many
      const few = await admin.get('/api/admin/orders?q=crowded%20name%20100').expect(200);
      expect(few.body.total).toBe(3); // 100, 1000, 1001
      expect(few.body.total_capped).toBeUndefined();
      const all = await admin.get('/api/admin/orders').expect(200);
      expect(all.body.total).toBeGreaterThan(1001);
      expect(all.body.total_capped).toBeUndefined();
    } finally {
      await t.dataSource.query(`DELETE FROM orders WHERE email LIKE '%@crowd.example'`);
    }
  });
});

describe('the status workflow', () => {
  it('follows ORDER_TRANSITIONS, records each change under the admin, keeps carrier and tracking; anything else is 409', async () => {
    const number = numbers[1]!;
    const refused = await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'delivered' }).expect(409);
    expect(refused.body.message).toBe('An order that is placed cannot become delivered; it can become processing or cancelled');
    await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'processing', carrier: 'UPS' }).expect(400);
    await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'processing' }).expect(200);
    const shipped = await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784' }).expect(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', carrier: 'UPS', tracking_number: '1Z999AA10123456784' });
    expect(shipped.body.events.map((e: { from_status: string; to_status: string; actor: string }) => `${e.from_status}→${e.to_status} by ${e.actor}`)).toEqual([
      'null→placed by guest',
      'placed→processing by admin',
      'processing→shipped by admin',
    ]);
    await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'cancelled', note: 'too late' }).expect(409);
    await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'delivered' }).expect(200);
    expect((await admin.get(`/api/admin/orders/${number}`).expect(200)).body.status).toBe('delivered');
    // the counters behind the grid's totals follow the status
    expect(await listed('status=delivered')).toEqual({ total: 1, names: ['Bob Baker'] });
    expect(await listed('status=placed')).toEqual({ total: 2, names: ['Carol Cole', 'Alice Archer'] });
  });

  it('cancelling needs a reason, which is kept with the event', async () => {
    const number = numbers[0]!;
    const missing = await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'cancelled' }).expect(400);
    expect(String(missing.body.message)).toContain('note: a reason is required to cancel an order');
    const cancelled = await admin.post(`/api/admin/orders/${number}/status`).send({ status: 'cancelled', note: 'Practice closed' }).expect(200);
    expect(cancelled.body.events.at(-1)).toMatchObject({ from_status: 'placed', to_status: 'cancelled', actor: 'admin', note: 'Practice closed' });
    await admin.post(`/api/admin/orders/DM-000000/status`).send({ status: 'processing' }).expect(404);
  });
});

describe('export and figures', () => {
  it('streams the filtered orders as CSV in the grid order, money in dollars, formulas defused', async () => {
    const evil = await request(t.http).post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: { ...SHIPPING, fullName: '=HYPERLINK("x")', email: 'evil@clinic.example' } }).expect(201);
    const res = await admin.get('/api/admin/orders/export.csv?q=clinic.example&sort=total&order=asc').expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = res.text.trim().split('\r\n');
    expect(rows[0]).toBe('number,created_at,status,po_number,email,full_name,address,city,state,zip_code,subtotal,shipping,tax,total,currency,carrier,tracking_number,line_count');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`${evil.body.number},`);
    expect(rows[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(rows[1]).toContain(',10.19,15.00,0.82,26.01,USD,,,1');
    expect(rows[2]).toContain(`${numbers[1]},`);
    expect(rows[2]).toContain(',delivered,,bob@clinic.example,Bob Baker,'); // no PO number
    expect(rows[2]).toContain(',30.57,15.00,2.45,48.02,USD,UPS,1Z999AA10123456784,1');
  });

  it('counts orders today, revenue this month without cancelled orders, and the best sellers', async () => {
    const res = await admin.get('/api/admin/orders/stats').expect(200);
    // Bob 48.02 + Carol 2610.17 + 15.00 + 208.81 + the CSV test's 26.01 (Alice's is cancelled)
    expect(res.body).toEqual({
      orders_today: 4,
      revenue_this_month: '2908.01',
      best_sellers: [
        { product_id: p.cheap.id, name: 'Order Test Bur', quantity: 5 },
        { product_id: p.chair.id, name: 'Order Test Chair', quantity: 2 },
      ],
      // issue 36: no practice here is on invoice terms
      overdue_invoices: 0,
      overdue_amount: '0.00',
    });
  });
});
