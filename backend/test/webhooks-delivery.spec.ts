/**
 * Delivering webhooks (issue 35) to real receivers on 127.0.0.1, with retries about a second apart:
 * a receiver that fails, is down or is slow gets the delivery once it works, every try in the log; one
 * resource's deliveries never overtake each other; what a crash left between a commit and its
 * delivery goes out after a restart; the SSRF guard refuses private addresses when registering and
 * when connecting; an endpoint failing for the whole retry window is disabled and the admins emailed.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import { nonPublicRange } from '../src/webhooks/ssrf-guard.js';
import { eventually } from './eventually.js';
import { insertTestProducts, SHIPPING, type TestProducts } from './orders-fixtures.js';
import { Receiver, register, webhooksDatabase, type WebhooksTestApp } from './webhook-fixtures.js';

const db = await webhooksDatabase('webhooks_delivery');
const receiver = new Receiver();
let t: WebhooksTestApp;
let p: TestProducts;

beforeAll(async () => {
  await receiver.start();
  t = await db.start();
  p = await insertTestProducts(t.dataSource);
});

afterAll(async () => {
  await t?.close();
  await receiver.stop();
  await db.drop();
});

interface Attempt {
  id: string;
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  response_excerpt: string | null;
  error: string | null;
  delivery_status: string;
}

/** The endpoint's whole delivery log, newest first. */
const log = async (id: string): Promise<Attempt[]> => (await t.admin.get(`/api/admin/webhooks/${id}/deliveries?limit=100`).expect(200)).body.attempts;
/** Waits until the log has an attempt matching `match`; the log then. */
const logShows = (id: string, match: (attempts: Attempt[]) => boolean, what: string) => eventually(() => log(id), { accept: match, what });
const sendTest = async (id: string) => (await t.admin.post(`/api/admin/webhooks/${id}/test`).expect(202)).body as { delivery_id: string; event_id: string };

/** A port nothing listens on (taken and given back). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('retries', () => {
  it('delivers to a receiver that answers 500 and then 200, each try in the log, and clears failing_since', async () => {
    let calls = 0;
    receiver.answers.set('flaky', () => (++calls === 1 ? { status: 500, body: 'database is down' } : {}));
    const { id } = await register(t.admin, receiver.url('flaky'), ['order.placed']);
    const { delivery_id } = await sendTest(id);
    const attempts = await logShows(id, (a) => a.some((x) => x.status_code === 200), 'the second, successful try');
    expect(attempts.map((a) => [a.attempt, a.status_code, a.delivery_status])).toEqual([
      [2, 200, 'succeeded'],
      [1, 500, 'succeeded'],
    ]);
    expect(attempts[1]).toMatchObject({ delivery_id, response_excerpt: 'database is down', error: 'the receiver answered 500' });
    expect(attempts[0]!.response_excerpt).toBe('{"received":true}');
    expect(receiver.on('flaky')).toHaveLength(2);
    expect(receiver.on('flaky')[1]!.headers['webhook-id']).toBe(receiver.on('flaky')[0]!.headers['webhook-id']);
    expect((await t.admin.get(`/api/admin/webhooks/${id}`).expect(200)).body.failing_since).toBeNull();
  });

  it('delivers to a receiver that is down and then up ("connection refused" in the log meanwhile)', async () => {
    const down = new Receiver();
    down.port = await freePort();
    const { id } = await register(t.admin, `http://127.0.0.1:${down.port}/later`, ['order.placed']);
    await sendTest(id);
    const refused = await logShows(id, (a) => a.length > 0, 'a refused try');
    expect(refused[0]).toMatchObject({ status_code: null, error: 'connection refused', delivery_status: 'pending' });
    expect((await t.admin.get(`/api/admin/webhooks/${id}`).expect(200)).body.failing_since).toEqual(expect.any(String));
    await down.start(down.port);
    try {
      await eventually(() => down.on('later').length === 1, { what: 'the delivery once the receiver is up' });
      await logShows(id, (a) => a[0]?.delivery_status === 'succeeded', 'the delivery to end');
    } finally {
      await down.stop();
    }
  });

  it('records a slow receiver as "timed out after 1 s" (WEBHOOK_TIMEOUT_SECONDS) and tries again', async () => {
    let calls = 0;
    receiver.answers.set('slow', () => (++calls === 1 ? { delayMs: 2500 } : {}));
    const { id } = await register(t.admin, receiver.url('slow'), ['order.placed']);
    await sendTest(id);
    const attempts = await logShows(id, (a) => a.some((x) => x.status_code === 200), 'the try after the timeout');
    const timedOut = attempts.find((a) => a.attempt === 1)!;
    expect(timedOut).toMatchObject({ status_code: null, error: 'timed out after 1 s' });
    expect(timedOut.duration_ms).toBeGreaterThanOrEqual(1000);
    expect(timedOut.duration_ms).toBeLessThan(2500);
  });
});

describe('in order per resource', () => {
  it("holds an order's status change until its failing order.placed got through", async () => {
    let placedCalls = 0;
    receiver.answers.set('ordered', (hit) => (hit.payload.type === 'order.placed' && ++placedCalls <= 2 ? { status: 503 } : {}));
    const { id } = await register(t.admin, receiver.url('ordered'), ['order.placed', 'order.status_changed']);
    const placed = await request(t.http).post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    await t.admin.post(`/api/admin/orders/${placed.body.number}/status`).send({ status: 'processing' }).expect(200);
    await t.admin.post(`/api/admin/orders/${placed.body.number}/status`).send({ status: 'shipped', carrier: 'UPS', tracking_number: '1Z1' }).expect(200);
    await eventually(() => receiver.on('ordered').filter((hit) => hit.status === 200).length === 3, { what: 'the three events' });
    expect(receiver.on('ordered').map((hit) => [hit.payload.type, hit.payload.data.status, hit.status])).toEqual([
      ['order.placed', 'placed', 503],
      ['order.placed', 'placed', 503],
      ['order.placed', 'placed', 200],
      ['order.status_changed', 'processing', 200],
      ['order.status_changed', 'shipped', 200],
    ]);
    // each as of its change: no carrier before it shipped
    expect(receiver.on('ordered')[3]!.payload.data).toMatchObject({ carrier: null, tracking_number: null });
    expect(receiver.on('ordered')[4]!.payload.data).toMatchObject({ carrier: 'UPS', tracking_number: '1Z1' });
    // a wait for the earlier delivery is no try: only the placed event's three are in the log (each
    // recorded once the receiver's answer is back, which can be after the receiver saw it)
    expect((await logShows(id, (a) => a.length >= 5, 'the five tries')).map((a) => [a.event_type, a.attempt])).toEqual([
      ['order.status_changed', 1],
      ['order.status_changed', 1],
      ['order.placed', 3],
      ['order.placed', 2],
      ['order.placed', 1],
    ]);
  });
});

describe('a crash between a commit and its delivery', () => {
  it("delivers an event another instance committed and died before relaying (the sweep finds it)", async () => {
    const { id } = await register(t.admin, receiver.url('crash'), ['order.placed']);
    // what a checkout's one statement commits (order, history row, event) on an instance that then died: no relay was asked
    const number = 'DM-CRASH2';
    const [order] = await t.dataSource.query(
      `INSERT INTO orders (number, email, full_name, address, city, state, zip_code, subtotal_cents, shipping_cents, tax_cents, total_cents)
       VALUES ($1, 'crash@example.com', 'Left Behind', '1 Road', 'Town', 'ST', '12345', 1019, 1500, 82, 2601) RETURNING id`,
      [number],
    );
    const [event] = await t.dataSource.query(`INSERT INTO order_events (id, order_id, to_status, actor) VALUES (gen_random_uuid(), $1, 'placed', 'guest') RETURNING id`, [order.id]);
    await t.dataSource.query(`INSERT INTO webhook_events (id, type, resource_type, resource_id, source_id) VALUES (gen_random_uuid(), 'order.placed', 'order', $1, $2)`, [number, event.id]);
    const hit = (await eventually(() => receiver.on('crash').find((h) => h.payload.data.number === number), { what: 'the left-behind event' }))!;
    expect(hit.payload).toMatchObject({ type: 'order.placed', data: { number, status: 'placed', total: '26.01' } });
    expect((await logShows(id, (a) => a.length > 0, 'the delivery in the log'))[0]).toMatchObject({ status_code: 200, delivery_status: 'succeeded' });
  });

  it('delivers changes committed just before the API stopped (one not yet relayed, one not yet delivered) after the restart', async () => {
    const { id } = await register(t.admin, receiver.url('stopped'), ['product.updated', 'order.placed']);
    receiver.answers.set('stopped', () => ({ status: 500 })); // nothing gets through before the stop
    await t.admin.put(`/api/admin/products/${p.chair.id}`).send({ warranty: '5 years' }).expect(200);
    await logShows(id, (a) => a.length > 0, 'a failed try before the stop');
    // the API stops right after this commit: its relay has not run yet
    const placed = await request(t.http).post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    await t.close();
    receiver.answers.delete('stopped');
    t = await db.start();
    const product = (await eventually(() => receiver.on('stopped').find((h) => h.status === 200 && h.payload.type === 'product.updated'), { what: 'the product delivery after the restart' }))!;
    expect(product.payload.data).toMatchObject({ id: p.chair.id, warranty: '5 years' });
    const order = (await eventually(() => receiver.on('stopped').find((h) => h.status === 200 && h.payload.type === 'order.placed'), { what: 'the order delivery after the restart' }))!;
    expect(order.payload.data).toMatchObject({ number: placed.body.number, status: 'placed' });
  });
});

describe('the SSRF guard (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  beforeAll(async () => {
    await t.close();
    t = await db.start({ WEBHOOK_ALLOW_PRIVATE: '' });
  });

  it('tells public unicast from loopback, private, link-local, CGNAT, unique-local, mapped, unspecified and multicast addresses', () => {
    expect(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8'].map(nonPublicRange)).toEqual([null, null, null]);
    expect(
      ['127.0.0.1', '::1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', 'fe80::1', '100.64.0.1', 'fc00::1', 'fd12::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '224.0.0.1', 'ff02::1', '255.255.255.255'].map(nonPublicRange),
    ).toEqual(['loopback', 'loopback', 'private', 'private', 'private', 'link-local', 'link-local', 'carrier-grade NAT', 'unique-local', 'unique-local', 'loopback', 'private', 'unspecified', 'unspecified', 'multicast', 'multicast', 'broadcast']);
  });

  it('refuses http://, private addresses and names that resolve to them, naming the problem', async () => {
    const cases: Array<[string, string]> = [
      ['http://127.0.0.1/hooks', 'url must be an https:// URL'],
      ['http://169.254.169.254/latest/meta-data', 'url must be an https:// URL'],
      ['http://[::ffff:127.0.0.1]/hooks', 'url must be an https:// URL'],
      ['https://127.0.0.1/hooks', 'url must resolve to a public address (127.0.0.1 is loopback)'],
      ['https://169.254.169.254/latest/meta-data', 'url must resolve to a public address (169.254.169.254 is link-local)'],
      ['https://[::ffff:127.0.0.1]/hooks', 'url must resolve to a public address (::ffff:7f00:1 is loopback)'],
      ['https://10.0.0.5/hooks', 'url must resolve to a public address (10.0.0.5 is private)'],
      ['https://100.64.1.1/hooks', 'url must resolve to a public address (100.64.1.1 is carrier-grade NAT)'],
      ['https://[fd00::1]/hooks', 'url must resolve to a public address (fd00::1 is unique-local)'],
      ['https://0.0.0.0/hooks', 'url must resolve to a public address (0.0.0.0 is unspecified)'],
      ['https://224.0.0.1/hooks', 'url must resolve to a public address (224.0.0.1 is multicast)'],
    ];
    for (const [url, message] of cases) {
      const res = await t.admin.post('/api/admin/webhooks').send({ url, events: ['order.placed'] }).expect(400);
      expect(res.body.message).toEqual([message]);
    }
    // a DNS name resolving to loopback (localhost: 127.0.0.1 or ::1)
    const named = await t.admin.post('/api/admin/webhooks').send({ url: 'https://localhost/hooks', events: ['order.placed'] }).expect(400);
    expect(named.body.message[0]).toMatch(/^url must resolve to a public address \((127\.0\.0\.1|::1) is loopback\)$/);
    const { body: [endpoint] } = await t.admin.get('/api/admin/webhooks').expect(200);
    const change = await t.admin.patch(`/api/admin/webhooks/${endpoint.id}`).send({ url: 'https://192.168.0.10/hooks' }).expect(400);
    expect(change.body.message).toEqual(['url must resolve to a public address (192.168.0.10 is private)']);
  });

  it('connects to no private address at delivery time (a name that resolves privately, an IP literal): the try records "blocked"', async () => {
    for (const [name, url] of [
      ['rebound', `http://localhost:${receiver.port}/rebound`],
      ['literal', `http://127.0.0.1:${receiver.port}/literal`],
    ]) {
      // written directly, as if its name had resolved publicly when it was registered
      const [{ id }] = await t.dataSource.query(
        `INSERT INTO webhook_endpoints (id, url, events, secret, created_by) VALUES (gen_random_uuid(), $1, '{order.placed}', $2, 'test') RETURNING id`,
        [url, `whsec_${Buffer.alloc(32, 1).toString('base64')}`],
      );
      await sendTest(id);
      const [attempt] = await logShows(id, (a) => a.length > 0, `the blocked try (${name})`);
      expect(attempt!.status_code).toBeNull();
      expect(attempt!.error).toMatch(/^blocked: (127\.0\.0\.1|::1) is a loopback address$/);
      expect(receiver.on(name!)).toHaveLength(0);
      await t.admin.delete(`/api/admin/webhooks/${id}`).expect(204);
    }
  });
});

describe('an endpoint failing for the whole retry window', () => {
  beforeAll(async () => {
    await t.close();
    t = await db.start({ WEBHOOK_RETRY_WINDOW_SECONDS: '2' });
  });

  it('is disabled with its reason, its delivery failed, the admins emailed once; its log pages with the cursor', async () => {
    receiver.answers.set('dead', () => ({ status: 502, body: 'bad gateway' }));
    const { id } = await register(t.admin, receiver.url('dead'), ['order.placed']);
    const { delivery_id } = await sendTest(id);
    const endpoint = await eventually(async () => (await t.admin.get(`/api/admin/webhooks/${id}`).expect(200)).body, { accept: (e) => !e.enabled, what: 'the endpoint to be disabled' });
    expect(endpoint).toMatchObject({ enabled: false, disabled_reason: 'Disabled after failing for 2 seconds', failing_since: expect.any(String) });
    const [delivery] = await t.dataSource.query(`SELECT status, attempts FROM webhook_deliveries WHERE id = $1`, [delivery_id]);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toBeGreaterThanOrEqual(2);

    // without SMTP_URL the email is a file under DATA_DIR/mail
    const dir = t.config.mail.dir;
    const files = await eventually(() => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.startsWith(`webhook-disabled-${id}`)) : []), { accept: (f) => f.length > 0, what: 'the email' });
    expect(files).toHaveLength(1);
    const mail = await simpleParser(fs.readFileSync(path.join(dir, files[0]!)));
    expect(mail.subject).toBe(`Webhook endpoint disabled: ${receiver.url('dead')}`);
    expect((mail.to as { text: string }).text).toContain('admin@dentalmarket.example');
    expect(mail.text).toContain('failed every delivery for 2 seconds');

    // a disabled endpoint gets no test and no resend
    await t.admin.post(`/api/admin/webhooks/${id}/test`).expect(409);
    const all = await log(id);
    expect(all.length).toBe(delivery.attempts);
    const paged: Attempt[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { attempts: Attempt[]; next_cursor: string | null } } = await t.admin.get(`/api/admin/webhooks/${id}/deliveries?limit=1${cursor ? `&cursor=${cursor}` : ''}`).expect(200);
      paged.push(...res.body.attempts);
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(paged).toEqual(all);
    expect(all.map((a) => a.attempt)).toEqual([...all.map((a) => a.attempt)].sort((a, b) => b - a));
    expect(all.every((a) => a.status_code === 502 && a.response_excerpt === 'bad gateway')).toBe(true);
  });
});
