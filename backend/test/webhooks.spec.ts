/**
 * Signed webhooks (issue 35), over real HTTP on a database of their own: the admin API (CRUD, input
 * checks, 404s, who may call it), every event type delivered to a real receiver with the payload the
 * API's own answers have, signed so that the `standardwebhooks` library verifies it (both secrets
 * during a rotation's grace, only the new one after), and an import announcing itself once.
 */
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '@dentalmarket/contracts/webhooks';
import { WebhookRelay } from '../src/webhooks/webhook-relay.js';
import { eventually } from './eventually.js';
import { insertTestProducts, SHIPPING, type TestProducts } from './orders-fixtures.js';
import { type Hit, Receiver, register, webhooksDatabase, type WebhooksTestApp } from './webhook-fixtures.js';

const db = await webhooksDatabase('webhooks');
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

/** The first hit of `path` whose payload matches, once it came. */
const delivered = async (path: string, match: (hit: Hit) => boolean, what: string): Promise<Hit> => (await eventually(() => receiver.on(path).find(match), { what }))!;

/** Verifies a hit with the library a receiver would use: throws unless signed with `secret`. */
const verify = (hit: Hit, secret: string) => new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>);

describe('the admin API', () => {
  it('registers an endpoint with a whsec_ secret shown once, lists, reads, changes and deletes it', async () => {
    const created = await t.admin.post('/api/admin/webhooks').send({ url: 'https://erp.example.com/hooks', description: ' ERP sync ', events: ['order.placed'] }).expect(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { endpoint, secret } = created.body;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'https://erp.example.com/hooks',
      description: 'ERP sync',
      events: ['order.placed'],
      enabled: true,
      disabled_reason: null,
      failing_since: null,
      previous_secret_expires_at: null,
      created_by: 'admin',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const list = await t.admin.get('/api/admin/webhooks').expect(200);
    expect(list.body).toContainEqual(endpoint);
    expect(list.text).not.toContain(secret);
    expect((await t.admin.get(`/api/admin/webhooks/${endpoint.id}`).expect(200)).body).toEqual(endpoint);

    const changed = await t.admin.patch(`/api/admin/webhooks/${endpoint.id}`).send({ events: ['order.placed', 'product.updated'], enabled: false }).expect(200);
    expect(changed.body).toMatchObject({ url: 'https://erp.example.com/hooks', description: 'ERP sync', events: ['order.placed', 'product.updated'], enabled: false });
    // enabling forgets why it was disabled and since when it failed
    await t.dataSource.query(`UPDATE webhook_endpoints SET disabled_reason = 'Disabled after failing for 3 days', failing_since = now() WHERE id = $1`, [endpoint.id]);
    const enabled = await t.admin.patch(`/api/admin/webhooks/${endpoint.id}`).send({ enabled: true }).expect(200);
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });

    await t.admin.delete(`/api/admin/webhooks/${endpoint.id}`).expect(204);
    await t.admin.get(`/api/admin/webhooks/${endpoint.id}`).expect(404);
  });

  it('refuses bad input with a 400 naming the field, and answers 404 JSON for an unknown endpoint', async () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ url: 'https://erp.example.com/h', events: [] }, /events must name at least one event type/],
      [{ url: 'https://erp.example.com/h', events: ['order.shipped'] }, /each of events must be one of: order\.placed/],
      [{ url: 'https://erp.example.com/h', events: ['order.placed', 'order.placed'] }, /events must not name an event type twice/],
      [{ url: 'https://erp.example.com/h' }, /events/],
      [{ events: ['order.placed'] }, /url/],
      [{ url: 'ftp://erp.example.com/h', events: ['order.placed'] }, /url must be an http:\/\/ or https:\/\/ URL/],
      [{ url: 'not a url', events: ['order.placed'] }, /url must be an absolute URL/],
      [{ url: 'https://user:pw@erp.example.com/h', events: ['order.placed'] }, /url must not contain a user name or password/],
      [{ url: 'https://erp.example.com/h', events: ['order.placed'], secret: 'whsec_mine' }, /property secret should not exist/],
    ];
    for (const [body, message] of bad) {
      const res = await t.admin.post('/api/admin/webhooks').send(body).expect(400);
      expect(res.body.statusCode).toBe(400);
      expect(JSON.stringify(res.body.message)).toMatch(message);
    }
    const { id } = await register(t.admin, receiver.url('crud'), ['order.placed']);
    expect(JSON.stringify((await t.admin.post(`/api/admin/webhooks/${id}/rotate-secret`).send({ grace_hours: 999 }).expect(400)).body.message)).toMatch(/grace_hours must be a whole number of hours from 0 to 168/);
    expect(JSON.stringify((await t.admin.get(`/api/admin/webhooks/${id}/deliveries?limit=101`).expect(400)).body.message)).toMatch(/limit/);
    expect(JSON.stringify((await t.admin.get(`/api/admin/webhooks/${id}/deliveries?cursor=abc`).expect(400)).body.message)).toMatch(/cursor/);
    await t.admin.get('/api/admin/webhooks/not-a-uuid').expect(400);

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const call of [
      t.admin.get(`/api/admin/webhooks/${unknown}`),
      t.admin.patch(`/api/admin/webhooks/${unknown}`).send({ enabled: true }),
      t.admin.delete(`/api/admin/webhooks/${unknown}`),
      t.admin.post(`/api/admin/webhooks/${unknown}/rotate-secret`).send({ grace_hours: 0 }),
      t.admin.get(`/api/admin/webhooks/${unknown}/deliveries`),
      t.admin.post(`/api/admin/webhooks/${unknown}/test`),
      t.admin.post(`/api/admin/webhooks/${id}/deliveries/${unknown}/resend`),
    ]) {
      const res = await call.expect(404);
      expect(res.body).toMatchObject({ statusCode: 404, message: expect.stringMatching(/not found/) });
    }
    await t.admin.delete(`/api/admin/webhooks/${id}`).expect(204);
  });

  it('is open to an API key with webhooks:write (named as the creator), not to others: 403 naming the scope, 401 without credentials', async () => {
    const key = async (scopes: string[]) => (await t.admin.post('/api/admin/api-keys').send({ name: `webhooks ${scopes.join(' ')}`, scopes }).expect(201)).body as { key: { name: string; prefix: string }; secret: string };
    const writer = await key(['webhooks:write']);
    const reader = await key(['catalogue:read']);
    const made = await request(t.http).post('/api/admin/webhooks').set('Authorization', `Bearer ${writer.secret}`).send({ url: receiver.url('keyed'), events: ['product.created'] }).expect(201);
    expect(made.body.endpoint.created_by).toBe(`API key ${writer.key.name} (${writer.key.prefix})`);
    await request(t.http).get('/api/admin/webhooks').set('Authorization', `Bearer ${writer.secret}`).expect(200);
    const refused = await request(t.http).get('/api/admin/webhooks').set('Authorization', `Bearer ${reader.secret}`).expect(403);
    expect(refused.body.message).toContain('webhooks:write');
    await request(t.http).get('/api/admin/webhooks').expect(401);
    const customer = request.agent(t.http);
    await customer.post('/api/register').send({ username: 'hook.customer', email: 'hook.customer@practice.example', full_name: 'Dr. Hook', password: 'Hook passphrase 2026' }).expect(201);
    await customer.get('/api/admin/webhooks').expect(403);
    await t.admin.delete(`/api/admin/webhooks/${made.body.endpoint.id}`).expect(204);
  });
});

describe('the events, as a receiver gets them', () => {
  let all: { id: string; secret: string };

  beforeAll(async () => {
    all = await register(t.admin, receiver.url('all'), [...WEBHOOK_EVENT_TYPES]);
  });

  it('sends order.placed (a checkout) and order.status_changed (the admin), each the order as of its change, signed and verifiable', async () => {
    const placed = await request(t.http).post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 2, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    const number: string = placed.body.number;
    await t.admin.post(`/api/admin/orders/${number}/status`).send({ status: 'processing' }).expect(200);
    const first = await delivered('all', (hit) => hit.payload.type === 'order.placed' && hit.payload.data.number === number, 'order.placed');
    const second = await delivered('all', (hit) => hit.payload.type === 'order.status_changed' && hit.payload.data.number === number, 'order.status_changed');

    expect(first.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'DentalMarket-Webhooks/1', 'webhook-id': first.payload.id });
    expect(first.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(Math.abs(Number(first.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(first.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verify(first, all.secret)).toEqual(first.payload);
    expect(() => verify(first, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow();
    expect(Object.keys(first.payload)).toEqual(['id', 'type', 'timestamp', 'data']);
    // the order as GET /api/orders answers it, as of the checkout: placed, one history row
    expect(first.payload.data).toEqual({ ...placed.body, events: placed.body.events.map((e: object) => ({ ...e, created_at: expect.any(String) })) });
    expect(first.payload.timestamp).toBe(placed.body.created_at);
    expect(second.payload.data).toMatchObject({ number, status: 'processing', total: placed.body.total, lines: placed.body.lines });
    expect((second.payload.data.events as Array<{ to_status: string }>).map((e) => e.to_status)).toEqual(['placed', 'processing']);
    expect(second.payload.id).not.toBe(first.payload.id);
  });

  it('sends product.created, product.updated and product.deleted with the product as the admin API returns it', async () => {
    const [{ id: categoryId }] = await t.dataSource.query(`SELECT id FROM categories WHERE product_type = 'equipment' ORDER BY id LIMIT 1`);
    const created = await t.admin.post('/api/admin/products').send({ name: 'Webhook Test Lamp', manufacturer: 'Hooks', product_type: 'equipment', category_id: categoryId, price: '99.50' }).expect(201);
    const id: number = created.body.id;
    const updated = await t.admin.put(`/api/admin/products/${id}`).send({ price: '89.00' }).expect(200);
    await t.admin.delete(`/api/admin/products/${id}`).expect(200);
    const isProduct = (type: string) => (hit: Hit) => hit.payload.type === type && hit.payload.data.id === id;
    expect((await delivered('all', isProduct('product.created'), 'product.created')).payload.data).toEqual(created.body);
    expect((await delivered('all', isProduct('product.updated'), 'product.updated')).payload.data).toEqual(updated.body);
    expect((await delivered('all', isProduct('product.deleted'), 'product.deleted')).payload.data).toEqual(updated.body);
    // in the order of the changes: one resource's deliveries never overtake each other
    expect(receiver.on('all').filter((hit) => hit.payload.data?.id === id && String(hit.payload.type).startsWith('product.')).map((hit) => hit.payload.type)).toEqual([
      'product.created',
      'product.updated',
      'product.deleted',
    ]);
  });

  it('announces the products a subcategory change moves or unassigns, each as product.updated', async () => {
    const [first, second] = await t.dataSource.query(`SELECT id FROM categories WHERE product_type = 'equipment' ORDER BY id LIMIT 2`);
    const sub = (await t.admin.post('/api/admin/subcategories').send({ name: 'Hook Moves', description: 'moved around', category_id: first.id }).expect(201)).body;
    const product = (await t.admin.post('/api/admin/products').send({ name: 'Hook Mover', manufacturer: 'Hooks', product_type: 'equipment', category_id: first.id, subcategory_id: sub.id, price: '5.00' }).expect(201)).body;
    await t.admin.put(`/api/admin/subcategories/${sub.id}`).send({ category_id: second.id }).expect(200);
    await t.admin.delete(`/api/admin/subcategories/${sub.id}`).expect(200);
    const updates = await eventually(() => receiver.on('all').filter((hit) => hit.payload.type === 'product.updated' && hit.payload.data.id === product.id), { accept: (hits) => hits.length === 2, what: 'two product.updated' });
    expect(updates.map((hit) => [hit.payload.data.category_id, hit.payload.data.subcategory_id])).toEqual([
      [second.id, sub.id],
      [second.id, null],
    ]);
  });

  it('announces a catalogue import once, with import.finished, and none of its rows', async () => {
    const [category] = await t.dataSource.query(`SELECT slug FROM categories WHERE product_type = 'equipment' ORDER BY id LIMIT 1`);
    const csv = ['slug,name,product_type,category,manufacturer,price', ...[1, 2, 3].map((n) => `hook-import-${n},Hook Import ${n},equipment,${category.slug},Importa,10.00`)].join('\r\n');
    const dry = await t.admin.post('/api/admin/imports').attach('file', Buffer.from(csv), 'hooks.csv').expect(201);
    await t.admin.post(`/api/admin/imports/${dry.body.id}/apply`).expect(202);
    const finished = await delivered('all', (hit) => hit.payload.type === 'import.finished' && hit.payload.data.id === dry.body.id, 'import.finished');
    const report = await t.admin.get(`/api/admin/imports/${dry.body.id}`).expect(200);
    expect(finished.payload.data).toEqual(report.body);
    expect(finished.payload.data).toMatchObject({ status: 'applied', result: { create: 3, update: 0, unchanged: 0, error: 0 } });
    // every event written so far is fanned out: none was a product's
    expect(await t.app.get(WebhookRelay).relayAll()).toBe(0);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_events WHERE type LIKE 'product.%' AND data->>'slug' LIKE 'hook-import-%'`);
    expect(n).toBe(0);
    expect(receiver.on('all').filter((hit) => String(hit.payload.data?.slug ?? '').startsWith('hook-import-'))).toEqual([]);
    expect(receiver.on('all').filter((hit) => hit.payload.type === 'import.finished')).toHaveLength(1);
  });

  it('sends service_request.created and service_request.status_changed with the request as of each step', async () => {
    const request_ = { practice_name: 'Hook Dental', contact_name: 'Dr. Hook', email: 'hook@practice.example', phone: '+1 503 555 0199', product_id: p.service.id };
    const created = await request(t.http).post('/api/service-requests').send(request_).expect(201);
    const number: string = created.body.number;
    await t.admin.post(`/api/admin/service-requests/${number}/status`).send({ status: 'contacted' }).expect(200);
    const first = await delivered('all', (hit) => hit.payload.type === 'service_request.created' && hit.payload.data.number === number, 'service_request.created');
    const second = await delivered('all', (hit) => hit.payload.type === 'service_request.status_changed' && hit.payload.data.number === number, 'service_request.status_changed');
    expect(first.payload.data).toMatchObject({ number, status: 'new', practice_name: 'Hook Dental', product_id: p.service.id });
    expect(first.payload.data.events).toHaveLength(1);
    expect(first.payload.data).not.toHaveProperty('id');
    expect(second.payload.data).toMatchObject({ number, status: 'contacted' });
    expect((second.payload.data.events as Array<{ to_status: string }>).map((e) => e.to_status)).toEqual(['new', 'contacted']);
  });

  it('signs with both secrets during a rotation grace, and with the new one only after it', async () => {
    const { id, secret: old } = await register(t.admin, receiver.url('rotate'), ['order.placed']);
    const rotated = await t.admin.post(`/api/admin/webhooks/${id}/rotate-secret`).send({ grace_hours: 1 }).expect(200);
    const fresh: string = rotated.body.secret;
    expect(fresh).not.toBe(old);
    expect(Date.parse(rotated.body.endpoint.previous_secret_expires_at) - Date.now()).toBeGreaterThan(59 * 60_000);
    const test = await t.admin.post(`/api/admin/webhooks/${id}/test`).expect(202);
    const during = await delivered('rotate', (hit) => hit.payload.id === test.body.event_id, 'the test event during the grace');
    expect(during.payload).toMatchObject({ type: 'webhook.test', data: { endpoint_id: id, message: 'This is a test event from DentalMarket.' } });
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(during, fresh)).toEqual(during.payload);
    expect(verify(during, old)).toEqual(during.payload);

    // the grace ends
    await t.dataSource.query(`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await t.admin.get(`/api/admin/webhooks/${id}`).expect(200)).body.previous_secret_expires_at).toBeNull();
    const later = await t.admin.post(`/api/admin/webhooks/${id}/test`).expect(202);
    const after = await delivered('rotate', (hit) => hit.payload.id === later.body.event_id, 'the test event after the grace');
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(after, fresh)).toEqual(after.payload);
    expect(() => verify(after, old)).toThrow();

    // a resend is the same event again: the same webhook-id, signed anew
    // the attempt is recorded once the receiver's answer is back, which can be after the receiver saw it
    const attempt = await eventually(
      async () =>
        (await t.admin.get(`/api/admin/webhooks/${id}/deliveries`).expect(200)).body.attempts.find((a: { event_id: string }) => a.event_id === later.body.event_id) as
          | { delivery_id: string }
          | undefined,
      { what: 'the delivery in the log' },
    );
    const resent = await t.admin.post(`/api/admin/webhooks/${id}/deliveries/${attempt!.delivery_id}/resend`).expect(202);
    expect(resent.body).toEqual({ delivery_id: expect.any(String), event_id: later.body.event_id });
    await eventually(() => receiver.on('rotate').filter((hit) => hit.payload.id === later.body.event_id).length === 2, { what: 'the resent delivery' });
    const copies = receiver.on('rotate').filter((hit) => hit.payload.id === later.body.event_id);
    expect(copies[1]!.headers['webhook-id']).toBe(copies[0]!.headers['webhook-id']);
    expect(copies[1]!.body).toBe(copies[0]!.body);
  });

  it('forgets events older than WEBHOOK_RETENTION_DAYS with their deliveries and log, and keeps the others', async () => {
    const [old] = await t.dataSource.query(`SELECT id FROM webhook_events WHERE fanned_out ORDER BY occurred_at LIMIT 1`);
    await t.dataSource.query(`UPDATE webhook_events SET occurred_at = now() - interval '31 days' WHERE id = $1`, [old.id]);
    const [{ before }] = await t.dataSource.query(`SELECT count(*)::int AS before FROM webhook_events`);
    expect(await t.app.get(WebhookRelay).deleteExpired()).toBe(1);
    const [{ after, deliveries }] = await t.dataSource.query(`SELECT count(*)::int AS after, (SELECT count(*)::int FROM webhook_deliveries WHERE event_id = $1) AS deliveries FROM webhook_events`, [old.id]);
    expect([after, deliveries]).toEqual([before - 1, 0]);
  });

  it('relays nothing to nobody: an event no enabled endpoint wants is deleted unrendered', async () => {
    await t.admin.patch(`/api/admin/webhooks/${all.id}`).send({ events: ['import.finished'] }).expect(200);
    await t.dataSource.query(`UPDATE webhook_endpoints SET enabled = false WHERE id <> $1`, [all.id]);
    const placed = await request(t.http).post('/api/orders').send({ lines: [{ product_id: p.cheap.id, quantity: 1, unit_price: '10.19' }], shipping: SHIPPING }).expect(201);
    await eventually(async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_events WHERE resource_id = $1`, [placed.body.number]))[0].n === 0, { what: 'the unwanted event to go' });
    expect(receiver.hits.filter((hit) => hit.payload.data?.number === placed.body.number)).toEqual([]);
  });
});
