/**
 * The ERP example of docs/api-consumers.md (libs/api-client/examples/erp-sync.ts) run against the
 * real API over HTTP, as a program uses it: the typed client with an API key (orders:read,
 * orders:write) hands each new order to the "ERP" exactly once, following its cursor across syncs
 * and pages, and marks it processing (the history names the key); its webhook receiver, registered
 * for `order.placed` on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE=true), gets each order's event and accepts
 * only a body whose Standard Webhooks signature verifies.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { Webhook } from 'standardwebhooks';
import { createDentalMarketClient, type DentalMarketClient } from '@dentalmarket/api-client';
import { FIRST_SYNC, syncNewOrders, TAKEN_NOTE, webhookReceiver, type Order, type SyncCursor, type WebhookEvent } from '../../libs/api-client/examples/erp-sync.js';
import { eventually } from './eventually.js';
import { insertTestProducts, SHIPPING, signIn, startOrdersApp, type OrdersTestApp, type TestProducts } from './orders-fixtures.js';

let t: OrdersTestApp;
let p: TestProducts;
let admin: TestAgent;
let api: DentalMarketClient;
let keyActor: string;
let receiver: http.Server;
let receiverUrl: string;
/** the endpoint's answer to registering the receiver (checked by its own test, so the sync's tests do not depend on it) */
let registration: request.Response;
let secret = '';
/** every event the receiver accepted, in arrival order */
const received: Array<WebhookEvent<Order>> = [];
/** how often the ERP was handed each order */
const taken = new Map<string, number>();
/** every order the tests placed, in order */
const placed: string[] = [];

const toErp = async (order: Order) => void taken.set(order.number, (taken.get(order.number) ?? 0) + 1);

/** A guest's checkout of one bur: the order's number. */
async function placeOrder(quantity = 1): Promise<string> {
  const res = await request(t.http)
    .post('/api/orders')
    .set('Idempotency-Key', randomUUID())
    .send({ lines: [{ product_id: p.cheap.id, quantity, unit_price: p.cheap.price }], shipping: SHIPPING })
    .expect(201);
  placed.push(res.body.number);
  return res.body.number;
}

const statusOf = async (number: string) => (await admin.get(`/api/admin/orders/${number}`).expect(200)).body as Order;

beforeAll(async () => {
  t = await startOrdersApp('erp-example', { WEBHOOK_ALLOW_PRIVATE: 'true' });
  p = await insertTestProducts(t.dataSource);
  await t.app.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`;
  admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
  const created = await admin.post('/api/admin/api-keys').send({ name: 'ERP sync', scopes: ['orders:read', 'orders:write'] }).expect(201);
  keyActor = `API key ERP sync (${created.body.key.prefix})`;
  api = createDentalMarketClient({ baseUrl, apiKey: created.body.secret });

  // the receiver's secret is known once the endpoint exists, and its URL is needed to make it
  let listener: http.RequestListener | undefined;
  receiver = http.createServer((req, res) => (listener ? listener(req, res) : res.writeHead(503).end()));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/dentalmarket`;
  registration = await admin.post('/api/admin/webhooks').send({ url: receiverUrl, events: ['order.placed'], enabled: true });
  if (registration.status === 201) {
    secret = registration.body.secret;
    listener = webhookReceiver(secret, { orderPlaced: (event) => void received.push(event) });
  }
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
  await t?.drop();
});

describe('the ERP example (libs/api-client/examples/erp-sync.ts)', () => {
  it('hands each new order to the ERP once, oldest first, over several pages, and marks it processing in the name of its key', async () => {
    const first = [await placeOrder(1), await placeOrder(2), await placeOrder(3)];
    // pages of two: the third order is on the second page
    const one = await syncNewOrders(api, FIRST_SYNC, toErp, { pageSize: 2 });
    expect(one.handed).toEqual(first);
    expect(one.marked).toEqual(first);
    for (const number of first) {
      const order = await statusOf(number);
      expect(order.status).toBe('processing');
      expect(order.events.at(-1)).toMatchObject({ from_status: 'placed', to_status: 'processing', actor: keyActor, note: TAKEN_NOTE });
    }
    const newest = await statusOf(first[2]);
    expect(one.cursor).toEqual({ since: newest.created_at, recent: expect.arrayContaining(first.map((number) => ({ number, created_at: expect.any(String) }))) });

    // nothing new: nothing handed over, the cursor stays
    const two = await syncNewOrders(api, one.cursor, toErp, { pageSize: 2 });
    expect(two).toEqual({ cursor: one.cursor, handed: [], marked: [] });

    // two more, one of which an admin already moved on: both handed over, only the placed one marked
    const later = await placeOrder(4);
    const moved = await placeOrder(5);
    await admin.post(`/api/admin/orders/${moved}/status`).send({ status: 'processing' }).expect(200);
    // the cursor survives being kept as JSON (a file, the ERP's database)
    const three = await syncNewOrders(api, JSON.parse(JSON.stringify(two.cursor)) as SyncCursor, toErp, { pageSize: 2 });
    expect(three.handed).toEqual([later, moved]);
    expect(three.marked).toEqual([later]);
    expect((await statusOf(moved)).events.at(-1)).toMatchObject({ to_status: 'processing', actor: 'admin', note: null });

    expect(Object.fromEntries(taken)).toEqual(Object.fromEntries([...first, later, moved].map((number) => [number, 1])));
    expect((await syncNewOrders(api, three.cursor, toErp)).handed).toEqual([]);
  });

  it('resumes after a failure at the order it failed on', async () => {
    const [a, b] = [await placeOrder(1), await placeOrder(1)];
    const start = (await syncNewOrders(api, FIRST_SYNC, async () => undefined)).cursor;
    const [c, d] = [await placeOrder(1), await placeOrder(1)];
    expect([a, b].every((number) => start.recent.some((entry) => entry.number === number))).toBe(true);
    const failing = async (order: Order) => {
      if (order.number === d) throw new Error('the ERP is down');
    };
    const failure = (await syncNewOrders(api, start, failing).catch((error: unknown) => error)) as Error & { cursor: SyncCursor; handed: string[] };
    expect(failure.message).toBe('the ERP is down');
    expect(failure.handed).toEqual([c]);
    // d was not taken: still placed, and the next sync starts with it
    expect((await statusOf(d)).status).toBe('placed');
    const retry = await syncNewOrders(api, failure.cursor, async () => undefined);
    expect(retry.handed).toEqual([d]);
    expect(retry.marked).toEqual([d]);
  });

  it('needs the key to read orders: a key without orders:read is refused with 403 by the sync', async () => {
    const created = await admin.post('/api/admin/api-keys').send({ name: 'Catalogue only', scopes: ['catalogue:read'] }).expect(201);
    const other = createDentalMarketClient({ baseUrl: `http://127.0.0.1:${(t.http.address() as AddressInfo).port}`, apiKey: created.body.secret });
    await expect(syncNewOrders(other, FIRST_SYNC, toErp)).rejects.toMatchObject({ status: 403, message: '403 This API key lacks the scope orders:read' });
  });

  describe('its webhook receiver', () => {
    it('is registered for order.placed and shown its whsec_ secret once', () => {
      expect({ status: registration.status, body: registration.body }).toMatchObject({
        status: 201,
        body: { endpoint: { url: receiverUrl, events: ['order.placed'], enabled: true }, secret: expect.stringMatching(/^whsec_/) },
      });
    });

    it('gets order.placed for each order placed, signed so that standardwebhooks verifies it', async () => {
      expect(secret).toMatch(/^whsec_/);
      const number = await placeOrder(1);
      const event = await eventually(() => received.find((e) => e.data?.number === number), { timeout: 30_000, what: `order.placed for ${number} at the receiver` });
      expect(event).toMatchObject({ id: expect.any(String), type: 'order.placed', timestamp: expect.any(String), data: { number, status: 'placed', email: SHIPPING.email } });
      // every order placed since the endpoint was registered, each once (a retry has the same id and is not handled again)
      const all = await eventually(() => received.filter((e) => e.type === 'order.placed'), { timeout: 30_000, what: 'an event per order', accept: (events) => events.length >= placed.length });
      expect(all.map((e) => e.data.number).sort()).toEqual([...placed].sort());
      expect(new Set(all.map((e) => e.id)).size).toBe(all.length);
    });

    it('refuses a body whose signature does not verify, and accepts one signed with the secret', async () => {
      expect(secret).toMatch(/^whsec_/);
      const before = received.length;
      const body = JSON.stringify({ id: 'evt_forged', type: 'order.placed', timestamp: new Date().toISOString(), data: { number: 'DM-FORGED' } });
      const signed = (payload: string, key = secret) => {
        const at = new Date();
        return { 'webhook-id': 'evt_forged', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(key).sign('evt_forged', at, payload), 'content-type': 'application/json' };
      };
      const send = (payload: string, headers: Record<string, string>) => fetch(receiverUrl, { method: 'POST', headers, body: payload });
      expect((await send(body, signed(body, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'))).status).toBe(401);
      expect((await send(body.replace('DM-FORGED', 'DM-CHANGED'), signed(body))).status).toBe(401);
      expect((await send(body, { 'content-type': 'application/json' })).status).toBe(401);
      expect(received.length).toBe(before);
      expect((await send(body, signed(body))).status).toBe(204);
      expect(received.at(-1)).toMatchObject({ id: 'evt_forged', data: { number: 'DM-FORGED' } });
    });
  });
});
