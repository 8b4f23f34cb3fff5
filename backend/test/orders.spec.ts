import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { insertTestProducts, SHIPPING, signIn, startOrdersApp, type OrdersTestApp, type TestProducts } from './orders-fixtures.js';

let t: OrdersTestApp;
let p: TestProducts;

beforeAll(async () => {
  t = await startOrdersApp('orders');
  p = await insertTestProducts(t.dataSource);
});

afterAll(async () => {
  if (process.env.DEBUG_ORDERS) console.log(t?.logs());
  await t?.close();
  await t?.drop();
});

const place = (body: unknown, key?: string) => {
  const req = request(t.http).post('/api/orders');
  return (key ? req.set('Idempotency-Key', key) : req).send(body as object);
};

describe('POST /api/orders', () => {
  it('prices the order from the catalogue: SPEC §9 totals in exact cents, lines as snapshots', async () => {
    const res = await place({ lines: [{ product_id: p.chair.id, quantity: 2, unit_price: '1299.99' }, { product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    // 2 × 1299.99 + 10.19 = 2610.17; tax 8 % = 208.8136 → 208.81; + 15.00 shipping
    expect(res.body).toMatchObject({ status: 'placed', email: SHIPPING.email, shipping: SHIPPING, currency: 'USD', subtotal: '2610.17', shipping_cost: '15.00', tax: '208.81', total: '2833.98' });
    expect(res.body.number).toMatch(/^DM-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(res.body.lines).toEqual([
      { product_id: p.chair.id, name: 'Order Test Chair', manufacturer: 'Testmaker', unit_price: '1299.99', image_url: '/media/test.webp', quantity: 2, line_total: '2599.98' },
      { product_id: p.cheap.id, name: 'Order Test Bur', manufacturer: 'Testmaker', unit_price: '10.19', image_url: '/media/test.webp', quantity: 1, line_total: '10.19' },
    ]);
    expect(res.body.events).toEqual([expect.objectContaining({ from_status: null, to_status: 'placed', actor: 'guest', note: null })]);

    // a later price change or deletion of the product never changes the order
    await t.dataSource.query(`UPDATE products SET price = 11.00 WHERE id = $1`, [p.cheap.id]);
    const [row] = await t.dataSource.query(`SELECT unit_price_cents FROM order_lines WHERE product_id = $1`, [p.cheap.id]);
    expect(row.unit_price_cents).toBe('1019');
    await t.dataSource.query(`UPDATE products SET price = 10.19 WHERE id = $1`, [p.cheap.id]);
  });

  it('rounds the 8 % tax half up to the cent, as the checkout does (10.19 → 0.82)', async () => {
    const res = await place({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    expect(res.body).toMatchObject({ subtotal: '10.19', tax: '0.82', total: '26.01' });
  });

  it('answers 409 naming each line that cannot be ordered as sent, with its current name and price', async () => {
    const res = await place({
      lines: [
        { product_id: p.chair.id, quantity: 1, unit_price: '1299.99' },
        { product_id: p.cheap.id, quantity: 1, unit_price: '9.99' },
        { product_id: p.outOfStock.id, quantity: 1, unit_price: '50.00' },
        { product_id: p.service.id, quantity: 1, unit_price: '200.00' },
        { product_id: 2_000_000_000, quantity: 1, unit_price: '1.00' },
      ],
      shipping: SHIPPING,
    }).expect(409);
    expect(res.body).toMatchObject({ statusCode: 409, error: 'Conflict', message: expect.any(String) });
    expect(res.body.lines).toEqual([
      { product_id: p.cheap.id, problem: 'price_changed', name: 'Order Test Bur', current_price: '10.19' },
      { product_id: p.outOfStock.id, problem: 'out_of_stock', name: 'Order Test Lamp', current_price: '50.00' },
      { product_id: p.service.id, problem: 'not_equipment', name: 'Order Test Service', current_price: '200.00' },
      { product_id: 2_000_000_000, problem: 'not_found', name: null, current_price: null },
    ]);
  });

  it("answers 400 naming the field, with the checkout form's rules (SPEC §5)", async () => {
    const line = { product_id: p.chair.id, quantity: 1, unit_price: '1299.99' };
    const cases: Array<[object, string]> = [
      [{ lines: [line], shipping: { ...SHIPPING, fullName: 'Jo' } }, 'fullName: Full name is required'],
      [{ lines: [line], shipping: { ...SHIPPING, email: 'not-an-email' } }, 'email: Valid email is required'],
      [{ lines: [line], shipping: { ...SHIPPING, address: '1 A' } }, 'address: Address is required'],
      [{ lines: [line], shipping: { ...SHIPPING, city: 'X' } }, 'city: City is required'],
      [{ lines: [line], shipping: { ...SHIPPING, state: 'O' } }, 'state: State is required'],
      [{ lines: [line], shipping: { ...SHIPPING, zipCode: '972' } }, 'zipCode: ZIP code is required'],
      [{ lines: [], shipping: SHIPPING }, 'lines must hold at least one cart line'],
      [{ lines: Array.from({ length: 101 }, (_, i) => ({ ...line, product_id: i + 1 })), shipping: SHIPPING }, 'lines must hold at most 100 cart lines'],
      [{ lines: [{ ...line, quantity: 1000 }], shipping: SHIPPING }, 'quantity must be at most 999'],
      [{ lines: [{ ...line, quantity: 0 }], shipping: SHIPPING }, 'quantity must be at least 1'],
      [{ lines: [line, line], shipping: SHIPPING }, `lines must not repeat a product (product_id ${p.chair.id} appears twice)`],
    ];
    for (const [body, message] of cases) {
      const res = await place(body).expect(400);
      expect([res.body.message].flat().join(' | ')).toContain(message);
    }
  });

  it('refuses card fields anywhere in the body, and no card data reaches the database or the logs', async () => {
    // a value on its own, not inside a number or a time: a CVC's digits occur in timestamps by chance (CI once saw '737' in a log line's time)
    const alone = (value: string) => new RegExp(`(?<![0-9A-Za-z.])${value.replace(/[/]/g, '\\/')}(?![0-9A-Za-z])`);
    // ...and not a group of a UUID (a request's or an event's id: a run here once saw '-7373-' in a reqId)
    const withoutIds = (text: string) => text.replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>');
    const card = { cardHolder: 'Jane Q Smith', cardNumber: '4111111111111111', cardExpiry: '12/29', cardCvc: '7373' };
    const line = { product_id: p.chair.id, quantity: 1, unit_price: '1299.99' };
    for (const body of [{ lines: [line], shipping: SHIPPING, ...card }, { lines: [line], shipping: { ...SHIPPING, ...card } }, { lines: [{ ...line, cardNumber: card.cardNumber }], shipping: SHIPPING }]) {
      const res = await place(body).expect(400);
      expect(JSON.stringify(res.body)).toMatch(/cardHolder|cardNumber/);
    }
    const tables = await t.dataSource.query(`SELECT string_agg(t::text, '') AS dump FROM (SELECT o::text AS t FROM orders o UNION ALL SELECT l::text FROM order_lines l UNION ALL SELECT e::text FROM order_events e) t`);
    const dump = withoutIds(String(tables[0].dump));
    expect(dump).toContain(SHIPPING.email); // the dump really holds the orders
    for (const value of Object.values(card)) expect(dump).not.toMatch(alone(value));
    expect(t.logs()).toContain('POST /api/orders 400'); // the request lines are in the capture
    for (const value of [card.cardNumber, card.cardCvc, card.cardHolder]) expect(withoutIds(t.logs())).not.toMatch(alone(value));
  });
});

describe('Idempotency-Key', () => {
  const body = () => ({ lines: [{ product_id: p.chair.id, quantity: 1, unit_price: '1299.99' }], shipping: { ...SHIPPING, email: 'idem@example.com' } });

  it('20 concurrent posts with one key make exactly one order, and every answer is that order', async () => {
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(body(), key)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(answers.map((a) => a.body.number)).size).toBe(1);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM orders WHERE idempotency_key = $1`, [key]);
    expect(n).toBe(1);
    const [{ events }] = await t.dataSource.query(`SELECT count(*)::int AS events FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.idempotency_key = $1`, [key]);
    expect(events).toBe(1);
  });

  it('a retry with its key after the price changed answers the order it made (200), not 409; a new key gets the 409', async () => {
    const key = randomUUID();
    const made = await place(body(), key).expect(201);
    await t.dataSource.query(`UPDATE products SET price = 1399.99 WHERE id = $1`, [p.chair.id]);
    try {
      const retry = await place(body(), key).expect(200);
      expect(retry.body).toEqual(made.body);
      const fresh = await place(body(), randomUUID()).expect(409);
      expect(fresh.body.lines).toEqual([{ product_id: p.chair.id, problem: 'price_changed', name: 'Order Test Chair', current_price: '1399.99' }]);
    } finally {
      await t.dataSource.query(`UPDATE products SET price = 1299.99 WHERE id = $1`, [p.chair.id]);
    }
  });

  it('the answer to the post is the order as stored: the same as its later reads', async () => {
    const key = randomUUID();
    const made = await place({ lines: [{ product_id: p.chair.id, quantity: 2, unit_price: '1299.99' }, { product_id: p.cheap.id, quantity: 5, unit_price: '10.19' }], shipping: SHIPPING }, key).expect(201);
    const again = await place({ lines: [{ product_id: p.chair.id, quantity: 2, unit_price: '1299.99' }, { product_id: p.cheap.id, quantity: 5, unit_price: '10.19' }], shipping: SHIPPING }, key).expect(200);
    expect(again.body).toEqual(made.body); // the retry reads the order back from the tables
    const looked = await request(t.http).post('/api/orders/lookup').send({ number: made.body.number, email: SHIPPING.email }).expect(200);
    expect(looked.body).toEqual(made.body);
  });

  it('the same key with a different body answers 422; a key that is not a UUID answers 400', async () => {
    const key = randomUUID();
    await place(body(), key).expect(201);
    const other = await place({ ...body(), lines: [{ product_id: p.chair.id, quantity: 2, unit_price: '1299.99' }] }, key).expect(422);
    expect(other.body.message).toMatch(/Idempotency-Key was already used/);
    const bad = await place(body(), 'not-a-uuid').expect(400);
    expect(bad.body.message).toMatch(/Idempotency-Key must be a UUID/);
  });
});

describe("the shopper's orders", () => {
  it('a signed-in customer lists and opens their own orders; another customer gets 404, a guest 401', async () => {
    const smith = await signIn(t.http, 'dr.smith', 'DentalDemo!2026');
    const placed = await smith.post('/api/orders').send({ lines: [{ product_id: p.chair.id, quantity: 1, unit_price: '1299.99' }], shipping: SHIPPING }).expect(201);
    const second = await smith.post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 3, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    expect(placed.body.events[0].actor).toBe('customer');

    const list = await smith.get('/api/orders?page=1&limit=1').expect(200);
    expect(list.body).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(list.body.orders).toEqual([{ number: second.body.number, status: 'placed', email: SHIPPING.email, full_name: SHIPPING.fullName, total: second.body.total, line_count: 1, created_at: second.body.created_at, placed_by: 'Dr. Jane Smith', po_number: null, approval_expires_at: null, payment_due_at: null, paid_at: null, outstanding: '0.00' }]); // issue 36: who placed it; a card order is no invoice
    await smith.get(`/api/orders/${placed.body.number}`).expect(200);
    // a guest's order, even with the same email, is not in the customer's account
    const guest = await place({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    await smith.get(`/api/orders/${guest.body.number}`).expect(404);

    const other = request.agent(t.http);
    await other.post('/api/register').send({ username: 'orders_other', email: 'orders_other@example.com', password: 'Another!42' }).expect(201);
    const foreign = await other.get(`/api/orders/${placed.body.number}`).expect(404);
    expect(foreign.body.message).toBe('Order not found');
    expect((await other.get('/api/orders').expect(200)).body).toMatchObject({ orders: [], total: 0 });
    await request(t.http).get('/api/orders').expect(401);
    await request(t.http).get(`/api/orders/${placed.body.number}`).expect(401);
  });

  it('a guest finds an order by number and email (any case); a mismatch is 404, and repeated misses back off with 429', async () => {
    const placed = await place({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: { ...SHIPPING, email: 'Guest.Buyer@example.com' } }).expect(201);
    const found = await request(t.http).post('/api/orders/lookup').send({ number: placed.body.number.toLowerCase(), email: 'guest.buyer@EXAMPLE.com' }).expect(200);
    expect(found.body.number).toBe(placed.body.number);
    await request(t.http).post('/api/orders/lookup').send({ number: 'DM-??', email: 'x@example.com' }).expect(400);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await request(t.http).post('/api/orders/lookup').send({ number: placed.body.number, email: 'someone.else@example.com' })).status);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses).toContain(429);
    await t.dataSource.query(`DELETE FROM rate_limits`);
  });
});
