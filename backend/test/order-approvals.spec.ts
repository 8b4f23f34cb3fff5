/**
 * Issue 36's PO numbers and approvals on the real app, PostgreSQL and a real SMTP server: the PO
 * number on the order, its reads, the admin's grid, drawer and CSV, the emails and the webhook
 * payload, and its rules (length, characters, required by the practice); the approval settings;
 * an assistant's or a large purchaser's order awaiting approval (not placed: no supplier grid, no
 * webhook, the owners emailed), approved (placed then, prices rechecked, the usual email and webhook),
 * declined with a reason (the submitter emailed), expired by the scheduled job in bounded batches,
 * and an approval racing a decline.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { PO_NUMBER_RULES } from '@dentalmarket/contracts/practices';
import { JobQueue } from '../src/jobs/job-queue.js';
import { APPROVAL_EXPIRY_CRON, APPROVAL_EXPIRY_QUEUE, EXPIRED_NOTE, OrderApprovalsService } from '../src/orders/order-approvals.service.js';
import { eventually } from './eventually.js';
import { SHIPPING } from './orders-fixtures.js';
import { FAST_WEBHOOKS, Receiver, register } from './webhook-fixtures.js';
import { PracticeWorld, SHOP } from './practices-fixtures.js';

const w = new PracticeWorld();
const receiver = new Receiver();
let admin: TestAgent;
beforeAll(async () => {
  await receiver.start();
  await w.start('order_approvals', FAST_WEBHOOKS);
  admin = request.agent(w.t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
  // an endpoint for the order events: they are kept (an event nobody subscribes to is dropped) and delivered
  await register(admin, receiver.url('orders'), ['order.placed', 'order.status_changed']);
});
afterAll(async () => {
  await w.stop();
  await receiver.stop();
});
/** The order.placed deliveries the receiver got for an order. */
const delivered = (number: string) => receiver.on('orders').filter((hit) => hit.payload.type === 'order.placed' && (hit.payload.data as { number?: string }).number === number);

const line = (product: { id: number; price: string }, quantity = 1) => ({ product_id: product.id, quantity, unit_price: product.price });
const orderBody = (extra: Record<string, unknown> = {}, lines = [line(w.p.cheap)]) => ({ lines, shipping: SHIPPING, ...extra });
const mailsTo = (to: string, subject: RegExp) => w.received.filter((mail) => mail.to.includes(to) && subject.test(mail.subject));
const adminGridNumbers = async (q: string) => (await admin.get('/api/admin/orders').query({ q }).expect(200)).body.orders.map((o: { number: string }) => o.number);
const webhookTypes = async (number: string) =>
  ((await w.t.dataSource.query(`SELECT type FROM webhook_events WHERE resource_id = $1 ORDER BY occurred_at`, [number])) as Array<{ type: string }>).map((row) => row.type);

describe('PO numbers', () => {
  it('travel with the order: its reads, the admin grid, drawer and CSV, the confirmation email and the webhook payload', async () => {
    const buyer = await w.register('po_owner');
    const placed = (await buyer.post('/api/orders').send(orderBody({ po_number: '  PO-2026/0117  ' })).expect(201)).body;
    expect(placed).toMatchObject({ status: 'placed', po_number: 'PO-2026/0117', approved_at: null, approval_expires_at: null });
    expect((await buyer.get(`/api/orders/${placed.number}`).expect(200)).body).toMatchObject({ po_number: 'PO-2026/0117', approved_by: null });
    expect((await buyer.get('/api/orders').expect(200)).body.orders[0]).toMatchObject({ number: placed.number, po_number: 'PO-2026/0117' });
    expect((await admin.get('/api/admin/orders').query({ q: placed.number }).expect(200)).body.orders[0]).toMatchObject({ po_number: 'PO-2026/0117' });
    expect((await admin.get(`/api/admin/orders/${placed.number}`).expect(200)).body.po_number).toBe('PO-2026/0117');
    const csv = (await admin.get('/api/admin/orders/export.csv').query({ q: placed.number }).expect(200)).text.split(/\r?\n/);
    expect(csv[0]).toContain('number,created_at,status,po_number,email');
    expect(csv[1]).toContain(`${placed.number},`);
    expect(csv[1]).toContain(',placed,PO-2026/0117,');
    const mail = (await eventually(() => mailsTo(SHIPPING.email, new RegExp(`${placed.number} is confirmed`))[0], { what: 'the confirmation' }))!;
    expect(mail.text).toContain('PO number: PO-2026/0117');
    const [hit] = await eventually(() => delivered(placed.number), { what: 'the order.placed webhook', accept: (hits) => hits.length > 0 });
    expect(hit!.payload.data).toMatchObject({ number: placed.number, status: 'placed', po_number: 'PO-2026/0117' });
    // no PO number: null everywhere, as before
    expect((await buyer.post('/api/orders').send(orderBody()).expect(201)).body.po_number).toBeNull();
    expect((await buyer.post('/api/orders').send(orderBody({ po_number: '   ' })).expect(201)).body.po_number).toBeNull();
  });

  it('are refused with a 400 naming the problem: too long, other characters, not text; nothing is written', async () => {
    const buyer = await w.register('po_bad');
    const before = await w.t.dataSource.query(`SELECT count(*)::int AS n FROM orders`);
    const cases: Array<[unknown, string]> = [
      ['P'.repeat(PO_NUMBER_RULES.max + 1), PO_NUMBER_RULES.lengthMessage],
      ['PO<script>', PO_NUMBER_RULES.charactersMessage],
      ['-PO1', PO_NUMBER_RULES.charactersMessage],
      ['PO\u00a01', PO_NUMBER_RULES.charactersMessage],
      [1234, 'po_number must be text'],
    ];
    for (const [po, message] of cases) {
      const answer = (await buyer.post('/api/orders').send(orderBody({ po_number: po })).expect(400)).body;
      expect([po, JSON.stringify(answer.message)]).toEqual([po, expect.stringContaining(message)]);
    }
    expect((await buyer.post('/api/orders').send(orderBody({ po_number: 'P'.repeat(PO_NUMBER_RULES.max) })).expect(201)).body.po_number).toHaveLength(35);
    expect((await w.t.dataSource.query(`SELECT count(*)::int AS n FROM orders`))[0].n).toBe(before[0].n + 1);
  });

  it('a practice that requires one refuses an order without it (400), also on the step-by-step path; members read the setting', async () => {
    const owner = await w.register('po_required_owner');
    const purchaser = await w.join(owner, 'po_required_buyer', 'purchaser');
    await purchaser.patch('/api/practice').send({ po_required: true }).expect(403);
    expect((await owner.patch('/api/practice').send({ po_required: true }).expect(200)).body.po_required).toBe(true);
    expect((await purchaser.get('/api/practice').expect(200)).body.po_required).toBe(true);
    expect((await purchaser.post('/api/orders').send(orderBody()).expect(400)).body.message).toBe(PO_NUMBER_RULES.requiredMessage);
    expect((await purchaser.post('/api/orders').send(orderBody({ po_number: '' })).expect(400)).body.message).toBe(PO_NUMBER_RULES.requiredMessage);
    // a stale price takes the step-by-step path: the rule is the same there
    expect((await purchaser.post('/api/orders').send(orderBody({}, [{ ...line(w.p.cheap), unit_price: '1.00' }])).expect(400)).body.message).toBe(PO_NUMBER_RULES.requiredMessage);
    expect((await purchaser.post('/api/orders').send(orderBody({ po_number: 'PO 7' })).expect(201)).body.po_number).toBe('PO 7');
    // a guest has no practice: never required
    await request(w.t.http).post('/api/orders').send(orderBody()).expect(201);
  });
});

describe('approval settings', () => {
  it('owners turn approvals on with a purchaser threshold and the days an order may wait; bad values are a 400 naming them', async () => {
    const owner = await w.register('settings_owner');
    const practice = (await owner.get('/api/practice').expect(200)).body;
    expect(practice).toMatchObject({ po_required: false, approvals_enabled: false, approval_threshold: null, approval_days: 7 });
    const set = (await owner.patch('/api/practice').send({ approvals_enabled: true, approval_threshold: '500', approval_days: 14 }).expect(200)).body;
    expect(set).toMatchObject({ approvals_enabled: true, approval_threshold: '500.00', approval_days: 14 });
    expect((await owner.patch('/api/practice').send({ approval_threshold: null }).expect(200)).body.approval_threshold).toBeNull();
    for (const [body, field] of [
      [{ approval_days: 0 }, 'approval_days'],
      [{ approval_days: 31 }, 'approval_days'],
      [{ approval_days: 2.5 }, 'approval_days'],
      [{ approval_threshold: '-5' }, 'approval_threshold'],
      [{ approval_threshold: 'lots' }, 'approval_threshold'],
      [{ approvals_enabled: 'yes' }, 'approvals_enabled'],
      [{ po_required: 1 }, 'po_required'],
    ] as const) {
      expect([field, JSON.stringify((await owner.patch('/api/practice').send(body).expect(400)).body.message)]).toEqual([field, expect.stringContaining(field)]);
    }
  });
});

/** A practice with approvals on (purchasers above $100): its owner, purchaser and assistant. */
async function approvingPractice(name: string, settings: Record<string, unknown> = {}) {
  const owner = await w.register(`${name}_owner`, { full_name: `Dr. ${name} Owner`, practice_name: `${name} Dental` });
  const purchaser = await w.join(owner, `${name}_buyer`, 'purchaser');
  const assistant = await w.join(owner, `${name}_assistant`, 'assistant');
  await owner.patch('/api/practice').send({ approvals_enabled: true, approval_threshold: '100.00', ...settings }).expect(200);
  return { owner, purchaser, assistant };
}

describe('an order that needs approval', () => {
  it("is awaiting_approval: not placed, not the supplier's, no webhook; the owners are emailed; who needs approval follows the rule", async () => {
    const { owner, purchaser, assistant } = await approvingPractice('wait', { approval_days: 3 });
    const stats = (await admin.get('/api/admin/orders/stats').expect(200)).body.orders_today;
    const submitted = (await assistant.post('/api/orders').send(orderBody({ po_number: 'PO-WAIT-1' })).expect(201)).body;
    expect(submitted).toMatchObject({ status: 'awaiting_approval', po_number: 'PO-WAIT-1', approved_at: null });
    expect(submitted.events.map((e: { to_status: string }) => e.to_status)).toEqual(['awaiting_approval']);
    const expires = Date.parse(submitted.approval_expires_at) - Date.parse(submitted.created_at);
    expect(Math.abs(expires - 3 * 86_400_000)).toBeLessThan(60_000);
    // the practice sees it; the supplier does not
    expect((await purchaser.get(`/api/orders/${submitted.number}`).expect(200)).body).toMatchObject({ status: 'awaiting_approval', placed_by: 'wait_assistant' });
    expect(await adminGridNumbers(submitted.number)).toEqual([]);
    await admin.get(`/api/admin/orders/${submitted.number}`).expect(404);
    await admin.post(`/api/admin/orders/${submitted.number}/status`).send({ status: 'processing' }).expect(404);
    expect((await admin.get('/api/admin/orders').query({ status: 'awaiting_approval' }).expect(400)).body.message).toEqual(expect.arrayContaining([expect.stringContaining('status must be one of: placed')]));
    expect((await admin.get('/api/admin/orders/stats').expect(200)).body.orders_today).toBe(stats);
    expect(await webhookTypes(submitted.number)).toEqual([]);
    const ask = (await eventually(() => mailsTo('wait_owner@practice.example', new RegExp(`Approval needed: DentalMarket order ${submitted.number} from wait_assistant`))[0], { what: "the owners' email" }))!;
    expect(ask.text).toContain('PO number: PO-WAIT-1');
    expect(ask.text).toContain(`${SHOP}/practice#approvals`);
    expect(mailsTo(SHIPPING.email, new RegExp(submitted.number))).toEqual([]);

    // purchasers: up to the threshold placed, above it waiting; owners never wait
    // the total (subtotal + shipping + tax) is compared: 7 × 10.19 totals 92.04, 8 × 10.19 totals 103.04
    expect((await purchaser.post('/api/orders').send(orderBody({}, [line(w.p.cheap, 7)])).expect(201)).body.status).toBe('placed');
    expect((await purchaser.post('/api/orders').send(orderBody({}, [line(w.p.cheap, 8)])).expect(201)).body.status).toBe('awaiting_approval');
    expect((await owner.post('/api/orders').send(orderBody({}, [line(w.p.chair)])).expect(201)).body.status).toBe('placed');
    const list = (await owner.get('/api/practice/approvals').expect(200)).body;
    expect(list.total).toBe(2);
    expect(list.orders.map((o: { status: string }) => o.status)).toEqual(['awaiting_approval', 'awaiting_approval']);
    expect(list.orders.at(-1)).toMatchObject({ number: submitted.number, placed_by: 'wait_assistant', po_number: 'PO-WAIT-1' });
    await purchaser.get('/api/practice/approvals').expect(403);
    await assistant.get('/api/practice/approvals').expect(403);
  });

  it('approved by an owner: placed now, who approved it shown, the confirmation email and order.placed webhook then; once only', async () => {
    const { owner, assistant } = await approvingPractice('yes');
    const submitted = (await assistant.post('/api/orders').send(orderBody({ po_number: 'PO-YES' })).expect(201)).body;
    await assistant.post(`/api/orders/${submitted.number}/approve`).expect(403);
    const approved = (await owner.post(`/api/orders/${submitted.number.toLowerCase()}/approve`).expect(200)).body;
    expect(approved).toMatchObject({ status: 'placed', placed_by: 'yes_assistant', approved_by: 'Dr. yes Owner', approval_expires_at: null, po_number: 'PO-YES' });
    expect(Date.parse(approved.approved_at)).toBeGreaterThanOrEqual(Date.parse(submitted.created_at));
    expect(approved.events.map((e: { from_status: string | null; to_status: string }) => [e.from_status, e.to_status])).toEqual([[null, 'awaiting_approval'], ['awaiting_approval', 'placed']]);
    expect(await adminGridNumbers(submitted.number)).toEqual([submitted.number]);
    expect(await webhookTypes(submitted.number)).toEqual(['order.placed']);
    const [hit] = await eventually(() => delivered(submitted.number), { what: 'the order.placed webhook at approval', accept: (hits) => hits.length > 0 });
    expect(hit!.payload.data).toMatchObject({ status: 'placed', po_number: 'PO-YES', approved_at: approved.approved_at });
    expect((hit!.payload.data as { events: unknown[] }).events).toHaveLength(2);
    const mail = (await eventually(() => mailsTo(SHIPPING.email, new RegExp(`${submitted.number} is confirmed`))[0], { what: 'the confirmation at approval' }))!;
    expect(mail.text).toContain('PO number: PO-YES');
    expect((await owner.get('/api/practice/approvals').expect(200)).body.total).toBe(0);
    expect((await owner.post(`/api/orders/${submitted.number}/approve`).expect(409)).body.message).toBe(`Order ${submitted.number} is placed: only an order awaiting approval can be approved`);
    await owner.post(`/api/orders/${submitted.number}/decline`).send({ reason: 'late' }).expect(409);
  });

  it('rechecks prices at approval: a changed line is a 409 naming it, and the order keeps waiting', async () => {
    const { owner, assistant } = await approvingPractice('recheck');
    const chair = await w.t.dataSource.query(`INSERT INTO products (name, description, price, category_id, manufacturer, product_type, slug, in_stock)
      SELECT 'Recheck Chair', 'x', 700.00, category_id, 'Testmaker', 'equipment', 'recheck-chair-' || id, true FROM products WHERE id = $1 RETURNING id`, [w.p.chair.id]);
    const submitted = (await assistant.post('/api/orders').send(orderBody({}, [{ product_id: chair[0].id, quantity: 1, unit_price: '700.00' }])).expect(201)).body;
    await w.t.dataSource.query(`UPDATE products SET price = 750.00 WHERE id = $1`, [chair[0].id]);
    const refused = (await owner.post(`/api/orders/${submitted.number}/approve`).expect(409)).body;
    expect(refused.message).toContain('changed since it was submitted; decline it');
    expect(refused.lines).toEqual([{ product_id: chair[0].id, problem: 'price_changed', name: 'Recheck Chair', current_price: '750.00' }]);
    expect((await owner.get(`/api/orders/${submitted.number}`).expect(200)).body.status).toBe('awaiting_approval');
    await w.t.dataSource.query(`UPDATE products SET in_stock = false, price = 700.00 WHERE id = $1`, [chair[0].id]);
    expect((await owner.post(`/api/orders/${submitted.number}/approve`).expect(409)).body.lines[0].problem).toBe('out_of_stock');
  });

  it('declined with a reason: not placed, the submitter emailed the reason; a reason is required', async () => {
    const { owner, purchaser, assistant } = await approvingPractice('no');
    const submitted = (await assistant.post('/api/orders').send(orderBody()).expect(201)).body;
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 5 }]) {
      expect(JSON.stringify((await owner.post(`/api/orders/${submitted.number}/decline`).send(body).expect(400)).body.message)).toContain('reason');
    }
    await purchaser.post(`/api/orders/${submitted.number}/decline`).send({ reason: 'no' }).expect(403);
    const declined = (await owner.post(`/api/orders/${submitted.number}/decline`).send({ reason: ' We ordered these last week ' }).expect(200)).body;
    expect(declined).toMatchObject({ status: 'declined', approval_expires_at: null, approved_by: null });
    expect(declined.events.at(-1)).toMatchObject({ from_status: 'awaiting_approval', to_status: 'declined', note: 'We ordered these last week' });
    const mail = (await eventually(() => mailsTo('no_assistant@practice.example', new RegExp(`${submitted.number} was declined`))[0], { what: 'the decline email' }))!;
    expect(mail.text).toContain('Reason: We ordered these last week');
    expect(mail.text).toContain('Hello no_assistant,');
    expect(await adminGridNumbers(submitted.number)).toEqual([]);
    expect(await webhookTypes(submitted.number)).toEqual([]);
  });

  it('an approval racing a decline: exactly one of them happens', async () => {
    const { owner, assistant } = await approvingPractice('race');
    const second = await w.join(owner, 'race_owner2', 'owner');
    for (let i = 0; i < 5; i++) {
      const { number } = (await assistant.post('/api/orders').send(orderBody()).expect(201)).body;
      const answers = await Promise.all([owner.post(`/api/orders/${number}/approve`), second.post(`/api/orders/${number}/decline`).send({ reason: 'race' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const events = await w.t.dataSource.query(`SELECT e.to_status FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.number = $1`, [number]);
      expect(events).toHaveLength(2);
    }
  });
});

describe('expiry', () => {
  it('the scheduled job ends waiting orders past their time in bounded batches; the submitter is emailed; newer ones keep waiting', async () => {
    const boss = w.t.app.get(JobQueue).boss;
    expect((await boss.getSchedules()).map((s) => [s.name, s.cron])).toEqual(expect.arrayContaining([[APPROVAL_EXPIRY_QUEUE, APPROVAL_EXPIRY_CRON]]));
    const { owner, assistant } = await approvingPractice('late');
    const old = [];
    for (let i = 0; i < 5; i++) old.push((await assistant.post('/api/orders').send(orderBody()).expect(201)).body.number as string);
    const fresh = (await assistant.post('/api/orders').send(orderBody()).expect(201)).body.number as string;
    await w.t.dataSource.query(`UPDATE orders SET approval_expires_at = now() - interval '1 minute' WHERE number = ANY($1)`, [old]);
    // batches of 2: three statements in the run
    expect(await w.t.app.get(OrderApprovalsService).expireDue(2)).toBe(5);
    for (const number of old) {
      const order = (await owner.get(`/api/orders/${number}`).expect(200)).body;
      expect(order).toMatchObject({ status: 'expired', approval_expires_at: null });
      expect(order.events.at(-1)).toMatchObject({ actor: 'system', to_status: 'expired', note: EXPIRED_NOTE });
    }
    expect((await owner.get(`/api/orders/${fresh}`).expect(200)).body.status).toBe('awaiting_approval');
    await owner.post(`/api/orders/${old[0]}/approve`).expect(409);
    await eventually(() => mailsTo('late_assistant@practice.example', /expired without approval/).length === 5, { what: 'five expiry emails' });
    expect(await w.t.app.get(OrderApprovalsService).expireDue()).toBe(0);
  });
});
