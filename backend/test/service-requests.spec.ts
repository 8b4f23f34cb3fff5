/**
 * Service requests (issue 21) on the real app, PostgreSQL and a real SMTP server: a guest's and a
 * customer's requests, the supplier's and the requester's emails, the workflow's allowed steps, who
 * sees what, and bad input.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { SMTPServer } from 'smtp-server';
import { insertTestProducts, signIn, startOrdersApp, type OrdersTestApp, type TestProducts } from './orders-fixtures.js';
import { eventually } from './eventually.js';

interface Received {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: OrdersTestApp;
let p: TestProducts;
let admin: TestAgent;

/** Waits until `condition` holds (the queue works in the background); fails naming `what`. */
const until = (condition: () => boolean | Promise<boolean>, what: string) => eventually(condition, { what });

const inFuture = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const REQUEST = {
  practice_name: 'Harbour Dental Practice',
  contact_name: 'Dr. Jane Smith',
  email: 'jane.smith@practice.example',
  phone: '+1 503 555 0100',
  message: 'Two surgeries, mornings preferred.',
};

beforeAll(async () => {
  smtp = new SMTPServer({
    closeTimeout: 200, // the mailer's pooled connections are cut at once when the test server closes (default: 30 s)
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: String((mail.to as { text: string }).text), replyTo: String((mail.replyTo as { text: string } | undefined)?.text ?? ''), subject: mail.subject ?? '', text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
  });
  const port = await new Promise<number>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)));
  t = await startOrdersApp('service_requests', { SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPLIER_EMAIL: 'sales@supplier.example, service@supplier.example', TRUST_PROXY: 'loopback' });
  p = await insertTestProducts(t.dataSource);
  admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
});

afterAll(async () => {
  await t?.close();
  await t?.drop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('a guest requests a service', () => {
  it('stores the request with a number, emails the supplier and the requester, and the admin moves it to quoted and won', async () => {
    const created = await request(t.http).post('/api/service-requests').set('X-Forwarded-For', '198.51.100.1').send({ ...REQUEST, product_id: p.service.id, preferred_date: inFuture(7) }).expect(201);
    const number: string = created.body.number;
    expect(number).toMatch(/^SR-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(created.body).toMatchObject({ status: 'new', product_id: p.service.id, product_name: 'Order Test Service', ...REQUEST, preferred_date: inFuture(7), quote_amount: null });
    expect(created.body.events).toEqual([expect.objectContaining({ from_status: null, to_status: 'new', actor: 'guest' })]);

    await until(() => received.filter((m) => m.subject.includes(number)).length === 2, 'the two emails of a new request');
    const supplier = received.find((m) => m.subject === `New service request ${number}: Order Test Service`)!;
    expect(supplier.to).toBe('sales@supplier.example, service@supplier.example');
    expect(supplier.replyTo).toBe(REQUEST.email);
    expect(supplier.text).toContain('Two surgeries, mornings preferred.');
    const confirmation = received.find((m) => m.subject === `We received your request ${number} for Order Test Service`)!;
    expect(confirmation.to).toBe(REQUEST.email);

    // only the allowed steps: new cannot jump to quoted or won
    const refused = await admin.post(`/api/admin/service-requests/${number}/status`).send({ status: 'won' }).expect(409);
    expect(refused.body.message).toBe('A new request cannot become won: it can move to Contacted or Lost');
    await admin.post(`/api/admin/service-requests/${number}/status`).send({ status: 'contacted' }).expect(200);
    const noAmount = await admin.post(`/api/admin/service-requests/${number}/status`).send({ status: 'quoted' }).expect(400);
    expect(JSON.stringify(noAmount.body.message)).toContain('amount is required to quote');
    const quoted = await admin.post(`/api/admin/service-requests/${number}/status`).send({ status: 'quoted', amount: '1200', note: 'Includes two visits.' }).expect(200);
    expect(quoted.body).toMatchObject({ status: 'quoted', quote_amount: '1200.00', quote_note: 'Includes two visits.' });
    expect(quoted.body.events.map((e: { to_status: string; actor: string }) => `${e.to_status} by ${e.actor}`)).toEqual(['new by guest', 'contacted by admin', 'quoted by admin']);

    await until(() => received.some((m) => m.subject === `Your quote for Order Test Service (${number})`), 'the quote email');
    const quote = received.find((m) => m.subject === `Your quote for Order Test Service (${number})`)!;
    expect(quote.to).toBe(REQUEST.email);
    expect(quote.text).toContain('Quote: $1200.00');
    expect(quote.text).toContain('Note: Includes two visits.');

    await admin.post(`/api/admin/service-requests/${number}/status`).send({ status: 'won' }).expect(200);
    const closed = await admin.post(`/api/admin/service-requests/${number}/status`).send({ status: 'lost' }).expect(409);
    expect(closed.body.message).toBe('A won request cannot become lost: it is closed');
    // one email per event to the requester (4 events) and one to the supplier: never twice
    await until(() => received.filter((m) => m.subject.includes(number)).length === 5, 'the emails of every step');
    // every job of the queue done (jobs are made in the events' transactions: there are no others to come)
    await until(async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'service-request-email' AND state <> 'completed'`))[0].n === 0, 'the queue to drain');
    expect(received.filter((m) => m.subject.includes(number))).toHaveLength(5);
  });
});

describe("a customer's requests", () => {
  it('are attached to the account and listed on their page; nobody else sees them', async () => {
    const customer = await signIn(t.http, 'dr.smith', 'DentalDemo!2026');
    const created = await customer.post('/api/service-requests').set('X-Forwarded-For', '198.51.100.2').send({ ...REQUEST, product_id: p.service.id }).expect(201);
    expect(created.body.events[0].actor).toBe('customer');
    const mine = await customer.get('/api/service-requests').expect(200);
    expect(mine.body.requests.map((r: { number: string }) => r.number)).toEqual([created.body.number]);
    await customer.get(`/api/service-requests/${created.body.number}`).expect(200);
    // another account and a guest: 404 and 401
    const other = request.agent(t.http);
    await other.post('/api/register').send({ username: 'other.practice', email: 'other@practice.example', password: 'Another passphrase 1' }).expect(201);
    await other.get(`/api/service-requests/${created.body.number}`).expect(404);
    expect((await other.get('/api/service-requests').expect(200)).body.requests).toEqual([]);
    await request(t.http).get('/api/service-requests').expect(401);
    await customer.get('/api/admin/service-requests').expect(403);
  });
});

describe('the admin grid', () => {
  it('searches by number, email, practice or contact from its start, filters by status, sorts and pages', async () => {
    const list = async (query: string) => (await admin.get(`/api/admin/service-requests?${query}`).expect(200)).body as { total: number; requests: Array<{ number: string; status: string }> };
    const all = await list('');
    expect(all.total).toBe(2);
    expect((await list('status=won')).total).toBe(1);
    expect((await list('q=harbour')).total).toBe(2);
    expect((await list('q=jane.smith%40')).total).toBe(2);
    expect((await list('q=arbour')).total).toBe(0);
    expect((await list(`q=${all.requests[0]!.number.toLowerCase()}`)).requests.map((r) => r.number)).toEqual([all.requests[0]!.number]);
    expect((await list('order=asc&limit=1&page=2')).requests.map((r) => r.number)).toEqual([all.requests[0]!.number]);
    await admin.get('/api/admin/service-requests?status=pending').expect(400);
    await admin.get('/api/admin/service-requests/SR-0000').expect(400);
    await admin.get('/api/admin/service-requests/SR-000000').expect(404);
  });
});

describe('bad input', () => {
  it('answers 400 naming each field, 404 for an unknown product, 409 for a product that is not a service, never 500', async () => {
    const post = (body: object, address = '198.51.100.3') => request(t.http).post('/api/service-requests').set('X-Forwarded-For', address).send(body);
    const missing = await post({ product_id: p.service.id }).expect(400);
    for (const field of ['practice_name', 'contact_name', 'email', 'phone']) expect(JSON.stringify(missing.body.message)).toContain(field);
    expect(JSON.stringify((await post({ ...REQUEST, product_id: p.service.id, preferred_date: '2020-01-01' }).expect(400)).body.message)).toContain('preferred_date: the date must be today or later');
    expect(JSON.stringify((await post({ ...REQUEST, product_id: p.service.id, preferred_date: '2026-02-30' }).expect(400)).body.message)).toContain('preferred_date');
    // year 0 (1 BC) is not a day PostgreSQL stores: refused by the DTO, the field named
    for (const [day, message] of [
      ['0000-12-31', 'preferred_date must be a real date such as 2026-12-15'],
      ['2026-12-15T10:00', 'preferred_date must be a date such as 2026-12-15'],
    ] as const) {
      expect(JSON.stringify((await post({ ...REQUEST, product_id: p.service.id, preferred_date: day }).expect(400)).body.message)).toContain(message);
    }
    expect(JSON.stringify((await post({ ...REQUEST, product_id: p.service.id, phone: 'call me' }).expect(400)).body.message)).toContain('phone');
    expect(JSON.stringify((await post({ ...REQUEST, product_id: p.service.id, message: 'x'.repeat(2001) }).expect(400)).body.message)).toContain('message');
    await post({ ...REQUEST, product_id: 2147483647 }, '198.51.100.4').expect(404);
    const notService = await post({ ...REQUEST, product_id: p.chair.id }, '198.51.100.4').expect(409);
    expect(notService.body.message).toBe('Order Test Chair is not a service: only services can be requested');
    await post({ ...REQUEST, product_id: p.service.id, user_id: 1 }, '198.51.100.4').expect(400); // unknown fields are refused
  });

  it('limits new requests per address (429 with Retry-After)', async () => {
    const post = () => request(t.http).post('/api/service-requests').set('X-Forwarded-For', '198.51.100.9').send({ ...REQUEST, product_id: p.service.id });
    for (let i = 0; i < 10; i += 1) await post().expect(201);
    const limited = await post().expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^Too many service requests from this address; try again in \d+ minutes?$/);
  });
});

describe("a guest's request to a stranger's address", () => {
  it("confirms with the number, the service and the supplier's address, and nothing the guest typed; the supplier's copy has the text", async () => {
    const spam = {
      practice_name: 'Cheap Pills Ltd',
      contact_name: 'Click spam.example now',
      email: 'stranger@victim.example',
      phone: '+1 555 010 9999',
      message: 'Visit http://spam.example/offer\r\nBcc: many@victim.example\r\nBest prices',
    };
    const created = await request(t.http).post('/api/service-requests').set('X-Forwarded-For', '198.51.100.20').send({ ...spam, product_id: p.service.id }).expect(201);
    const number: string = created.body.number;
    await until(() => received.filter((m) => m.subject.includes(number)).length === 2, 'the two emails of a new request');
    const confirmation = received.find((m) => m.to === spam.email && m.subject.includes(number))!;
    expect(confirmation.subject).toBe(`We received your request ${number} for Order Test Service`);
    expect(confirmation.text).toContain(`Request number: ${number}`);
    expect(confirmation.text).toContain('Service: Order Test Service');
    expect(confirmation.text).toContain('sales@supplier.example');
    for (const typed of ['Cheap Pills', 'spam.example', 'Bcc', 'Best prices', '555 010 9999', 'Click']) {
      expect(confirmation.text).not.toContain(typed);
      expect(confirmation.subject).not.toContain(typed);
    }
    const supplier = received.find((m) => m.subject === `New service request ${number}: Order Test Service`)!;
    expect(supplier.text).toContain('Visit http://spam.example/offer');
    expect(supplier.text).toContain('Cheap Pills Ltd');
  });
});

describe('guest request caps', () => {
  let capped: OrdersTestApp;
  let service: number;
  beforeAll(async () => {
    capped = await startOrdersApp('service_request_caps', { TRUST_PROXY: 'loopback', GUEST_REQUESTS_PER_HOUR: '3', GUEST_REQUESTS_SHOP_PER_HOUR: '5' });
    service = (await insertTestProducts(capped.dataSource)).service.id;
  });
  afterAll(async () => {
    await capped?.close();
    await capped?.drop();
  });

  it('counts a guest per IPv6 /64 and the shop per hour; a signed-in customer is not a guest', async () => {
    const post = (address: string) => request(capped.http).post('/api/service-requests').set('X-Forwarded-For', address).send({ ...REQUEST, product_id: service });
    // four addresses of one /64: one client
    for (const address of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff:ffff:ffff:fff0']) await post(address).expect(201);
    const perNetwork = await post('2001:db8:5:6:abcd::1').expect(429);
    expect(perNetwork.body.message).toMatch(/^Too many service requests from this address; try again in \d+ minutes?$/);
    expect(Number(perNetwork.headers['retry-after'])).toBeGreaterThan(3000);
    // another /64 goes on until the shop's hourly cap for guests (5)
    await post('2001:db8:5:7::1').expect(201);
    await post('2001:db8:5:7::2').expect(201);
    const shop = await post('203.0.113.50').expect(429);
    expect(shop.body.message).toMatch(/^Too many service requests from guests right now; sign in, or try again in \d+ minutes?$/);
    const customer = await signIn(capped.http, 'dr.smith', 'DentalDemo!2026');
    await customer.post('/api/service-requests').set('X-Forwarded-For', '203.0.113.51').send({ ...REQUEST, product_id: service }).expect(201);
  });
});
